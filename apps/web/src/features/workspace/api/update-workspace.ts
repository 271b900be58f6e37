import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateWorkspaceBody, workspaceSchema, type UpdateWorkspaceBody, type Workspace } from '@console/contracts';
import { api } from '@/lib/api-client';
import { workspaceKeys } from '@/lib/api/workspace-keys';

function updateWorkspace(id: string, body: UpdateWorkspaceBody): Promise<Workspace> {
  return api.put(`/workspace/${encodeURIComponent(id)}`, updateWorkspaceBody.parse(body), { schema: workspaceSchema });
}

export function useUpdateWorkspace(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceBody) => updateWorkspace(id, body),
    onSuccess: (workspace) => {
      queryClient.setQueryData(workspaceKeys.detail(id), workspace);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.lists() });
      // The session names the current workspace.
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
