import { useQuery } from '@tanstack/react-query';
import { workspaceSchema, type Workspace } from '@console/contracts';
import { api } from '@/lib/api-client';
import { workspaceKeys } from '@/lib/api/workspace-keys';

function getWorkspace(id: string, signal?: AbortSignal): Promise<Workspace> {
  return api.get(`/workspace/${encodeURIComponent(id)}`, { schema: workspaceSchema, signal });
}

export function useWorkspace(id: string | undefined) {
  return useQuery({
    queryKey: workspaceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getWorkspace(id!, signal),
    enabled: Boolean(id),
  });
}
