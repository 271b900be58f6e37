import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export function deleteContentAction(id: string): Promise<unknown> {
  return api.delete(`/content-action/${encodeURIComponent(id)}`);
}

export function useDeleteContentAction(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.actions(contentId) }),
  });
}
