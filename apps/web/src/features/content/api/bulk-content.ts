import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contentBulkResultSchema, type ContentBulkBody, type ContentBulkResult } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /project/{id}/content/bulk: one action on the items named, or on every item a list's filters match. */
export function bulkContent(projectId: string, body: ContentBulkBody): Promise<ContentBulkResult> {
  return api.post(`/project/${encodeURIComponent(projectId)}/content/bulk`, body, { schema: contentBulkResultSchema });
}

export function useBulkContent(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentBulkBody) => bulkContent(projectId, body),
    // Any item may have changed or gone: every list and every open item is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all() }),
  });
}
