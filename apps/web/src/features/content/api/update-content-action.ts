import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentActionBody, contentActionSchema, type ContentAction, type ContentActionBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export function updateContentAction(id: string, body: ContentActionBody): Promise<ContentAction> {
  return api.put(`/content-action/${encodeURIComponent(id)}`, contentActionBody.parse(body), { schema: contentActionSchema });
}

export function useUpdateContentAction(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContentActionBody }) => updateContentAction(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.actions(contentId) }),
  });
}
