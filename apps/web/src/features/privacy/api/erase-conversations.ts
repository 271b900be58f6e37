import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  erasureBody,
  erasureCountsSchema,
  erasurePreviewBody,
  erasurePreviewSchema,
  type ErasureBody,
  type ErasureCounts,
  type ErasurePreview,
  type ErasurePreviewBody,
} from '@console/contracts';
import { api } from '@/lib/api-client';

const erasurePath = (projectId: string) => `/project/${encodeURIComponent(projectId)}/erasure`;

/** POST /project/{id}/erasure/preview: what an erasure would take, listed for the erasure. */
function previewErasure(projectId: string, body: ErasurePreviewBody): Promise<ErasurePreview> {
  return api.post(`${erasurePath(projectId)}/preview`, erasurePreviewBody.parse(body), { schema: erasurePreviewSchema });
}

/** POST /project/{id}/erasure: erases what the preview listed. */
function eraseConversations(projectId: string, body: ErasureBody): Promise<ErasureCounts> {
  return api.post(erasurePath(projectId), erasureBody.parse(body), { schema: erasureCountsSchema });
}

export function usePreviewErasure(projectId: string) {
  return useMutation({ mutationFn: (body: ErasurePreviewBody) => previewErasure(projectId, body) });
}

export function useEraseConversations(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ErasureBody) => eraseConversations(projectId, body),
    // The dashboard, the lists, the inbox and the test cases all read what was erased.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
