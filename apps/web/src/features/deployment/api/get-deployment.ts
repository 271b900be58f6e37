import { useQuery } from '@tanstack/react-query';
import { deploymentSchema, type Deployment } from '@console/contracts';
import { api } from '@/lib/api-client';
import { deploymentKeys, deploymentUrl } from '@/lib/api/deployment-keys';

function getDeployment(projectId: string, id: string, signal?: AbortSignal): Promise<Deployment> {
  return api.get(deploymentUrl(projectId, id), { schema: deploymentSchema, signal });
}

export function useDeployment(projectId: string, id: string | null | undefined) {
  return useQuery({
    queryKey: deploymentKeys.detail(projectId, id ?? ''),
    queryFn: ({ signal }) => getDeployment(projectId, id!, signal),
    enabled: Boolean(projectId && id),
  });
}
