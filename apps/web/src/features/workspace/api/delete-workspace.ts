import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workspaceKeys } from '@/lib/api/workspace-keys';
import { getAppState, setCurrentWorkspace } from '@/lib/storage';

function deleteWorkspace(id: string): Promise<unknown> {
  return api.delete(`/workspace/${encodeURIComponent(id)}`);
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: (_answer, id) => {
      // A deleted workspace cannot stay the current one (nor its project).
      if (getAppState().workspace === id) setCurrentWorkspace(null);
      queryClient.removeQueries({ queryKey: workspaceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
