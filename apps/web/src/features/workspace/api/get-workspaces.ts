import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, workspaceSchema, type ListResponse, type Workspace } from '@console/contracts';
import { api } from '@/lib/api-client';
import { workspaceKeys } from '@/lib/api/workspace-keys';

const workspacesResponse = listResponse(workspaceSchema);

function getWorkspaces(query: Record<string, string | number>, signal?: AbortSignal): Promise<ListResponse<Workspace>> {
  return api.get('/workspace', { query, schema: workspacesResponse, signal });
}

export function useWorkspaces(query: Record<string, string | number>) {
  return useQuery({
    queryKey: workspaceKeys.list(query),
    queryFn: ({ signal }) => getWorkspaces(query, signal),
    placeholderData: keepPreviousData,
  });
}
