import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/api/project-keys';
import { getAppState, setCurrentProject } from '@/lib/storage';

function deleteProject(id: string): Promise<unknown> {
  return api.delete(`/project/${encodeURIComponent(id)}`);
}

export function useDeleteProject(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_answer, id) => {
      // A deleted project cannot stay the current one.
      if (getAppState().project === id) setCurrentProject(null);
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
