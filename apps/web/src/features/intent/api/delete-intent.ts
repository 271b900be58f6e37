import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { intentKeys } from './keys';

export function deleteIntent(id: string): Promise<unknown> {
  return api.delete(`/intent/${encodeURIComponent(id)}`);
}

export function useDeleteIntent(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntent,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: intentKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: intentKeys.lists(projectId) });
    },
  });
}
