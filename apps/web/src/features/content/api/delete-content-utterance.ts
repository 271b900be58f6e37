import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export function deleteContentUtterance(id: string): Promise<unknown> {
  return api.delete(`/content-utterance/${encodeURIComponent(id)}`);
}

export function useDeleteContentUtterance(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentUtterance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.utterances(contentId) }),
  });
}
