import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export function deleteContent(id: string): Promise<unknown> {
  return api.delete(`/content/${encodeURIComponent(id)}`);
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: contentKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: contentKeys.lists() });
    },
  });
}
