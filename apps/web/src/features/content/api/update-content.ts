import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contentSchema, updateContentBody, type Content, type UpdateContentBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** PUT /content/{id}: subject and status (a status change needs the delete right). */
export function updateContent(id: string, body: UpdateContentBody): Promise<Content> {
  return api.put(`/content/${encodeURIComponent(id)}`, updateContentBody.parse(body), { schema: contentSchema });
}

/** The stored item as the server answered it, and every list that shows it. */
export function storeContent(queryClient: QueryClient, content: Content) {
  queryClient.setQueryData(contentKeys.detail(content.id), content);
  void queryClient.invalidateQueries({ queryKey: contentKeys.lists() });
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContentBody }) => updateContent(id, body),
    onSuccess: (content) => storeContent(queryClient, content),
  });
}
