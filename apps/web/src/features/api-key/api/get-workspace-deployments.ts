import { useQuery } from '@tanstack/react-query';
import { listResponse, workspaceDeploymentSchema } from '@console/contracts';
import { api } from '@/lib/api-client';

const workspaceDeploymentsResponse = listResponse(workspaceDeploymentSchema);

/** GET /workspace/{id}/deployment: the deployments of all the workspace's projects, with their project's name. */
export function useWorkspaceDeployments(workspaceId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: ['deployment', 'workspace', workspaceId, query],
    queryFn: ({ signal }) =>
      api.get(`/workspace/${encodeURIComponent(workspaceId)}/deployment`, { query, schema: workspaceDeploymentsResponse, signal }),
  });
}
