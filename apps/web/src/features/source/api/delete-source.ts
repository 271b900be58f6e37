import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentQueryKey, sourceKeys } from './keys';

function deleteSource(id: string): Promise<unknown> {
  return api.delete(`/source/${encodeURIComponent(id)}`);
}

export function useDeleteSource(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSource,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: sourceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: sourceKeys.lists(projectId) });
      // The source's items stay, without their source.
      void queryClient.invalidateQueries({ queryKey: contentQueryKey });
    },
  });
}
