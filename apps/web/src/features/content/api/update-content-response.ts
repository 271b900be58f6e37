import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentSchema, updateContentResponseBody, type Content, type UpdateContentResponseBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { storeContent } from './update-content';

/** PUT /content/{id}/response: the response document; the server recounts its words. */
export function updateContentResponse(id: string, body: UpdateContentResponseBody): Promise<Content> {
  return api.put(`/content/${encodeURIComponent(id)}/response`, updateContentResponseBody.parse(body), { schema: contentSchema });
}

export function useUpdateContentResponse(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContentResponseBody) => updateContentResponse(id, body),
    onSuccess: (content) => storeContent(queryClient, content),
  });
}
