import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentSchema, createContentBody, type Content, type CreateContentBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /project/{id}/content; with source_id the item belongs to that source. */
export function createContent(projectId: string, body: CreateContentBody): Promise<Content> {
  return api.post(`/project/${encodeURIComponent(projectId)}/content`, createContentBody.parse(body), { schema: contentSchema });
}

export function useCreateContent(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContentBody) => createContent(projectId, body),
    onSuccess: (content) => {
      queryClient.setQueryData(contentKeys.detail(content.id), content);
      void queryClient.invalidateQueries({ queryKey: contentKeys.lists() });
    },
  });
}
