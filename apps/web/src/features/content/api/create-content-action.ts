import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentActionBody, contentActionSchema, type ContentAction, type ContentActionBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /content/{id}/action: {type, config} with the config of a quick reply of that type. */
export function createContentAction(contentId: string, body: ContentActionBody): Promise<ContentAction> {
  return api.post(`/content/${encodeURIComponent(contentId)}/action`, contentActionBody.parse(body), { schema: contentActionSchema });
}

export function useCreateContentAction(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentActionBody) => createContentAction(contentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.actions(contentId) }),
  });
}
