import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentUtteranceBody, contentUtteranceSchema, type ContentUtterance, type ContentUtteranceBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export function updateContentUtterance(id: string, body: ContentUtteranceBody): Promise<ContentUtterance> {
  return api.put(`/content-utterance/${encodeURIComponent(id)}`, contentUtteranceBody.parse(body), { schema: contentUtteranceSchema });
}

export function useUpdateContentUtterance(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContentUtteranceBody }) => updateContentUtterance(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.utterances(contentId) }),
  });
}
