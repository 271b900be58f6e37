import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcePullSchema, type SourcePull } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys, sourceWriteScope } from './keys';

/** POST /source/{id}/pull: answers 202 with the running pull, whose progress is then polled. */
function startSourcePull(sourceId: string): Promise<SourcePull> {
  return api.post(`/source/${encodeURIComponent(sourceId)}/pull`, undefined, { schema: sourcePullSchema });
}

export function useStartSourcePull(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: sourceWriteScope(sourceId),
    mutationFn: () => startSourcePull(sourceId),
    onSuccess: (pull) => queryClient.setQueryData(sourceKeys.pull(sourceId, pull.id), pull),
  });
}
