import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentUtteranceBody, contentUtteranceSchema, type ContentUtterance, type ContentUtteranceBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /content/{id}/utterance; a duplicate of the item is refused (409 'Utterances must be unique'). */
export function createContentUtterance(contentId: string, body: ContentUtteranceBody): Promise<ContentUtterance> {
  return api.post(`/content/${encodeURIComponent(contentId)}/utterance`, contentUtteranceBody.parse(body), {
    schema: contentUtteranceSchema,
  });
}

export function useCreateContentUtterance(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentUtteranceBody) => createContentUtterance(contentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.utterances(contentId) }),
  });
}
