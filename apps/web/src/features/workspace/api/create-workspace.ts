import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWorkspaceBody, workspaceSchema, type CreateWorkspaceBody, type Workspace } from '@console/contracts';
import { api } from '@/lib/api-client';
import { workspaceKeys } from '@/lib/api/workspace-keys';

function createWorkspace(body: CreateWorkspaceBody): Promise<Workspace> {
  return api.post('/workspace', createWorkspaceBody.parse(body), { schema: workspaceSchema });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.lists() }),
  });
}
