import { useQuery } from '@tanstack/react-query';
import { PULL_POLL_INTERVAL_MS, sourcePullSchema, type SourcePull } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys } from './keys';

function getSourcePull(sourceId: string, pullId: string, signal?: AbortSignal): Promise<SourcePull> {
  return api.get(`/source/${encodeURIComponent(sourceId)}/pull/${encodeURIComponent(pullId)}`, {
    schema: sourcePullSchema,
    signal,
  });
}

/** A pull, asked for again every PULL_POLL_INTERVAL_MS while it runs; `known` is what the caller already has of it. */
export function useSourcePull(sourceId: string, pullId: string | null, known?: SourcePull) {
  return useQuery({
    queryKey: sourceKeys.pull(sourceId, pullId ?? ''),
    queryFn: ({ signal }) => getSourcePull(sourceId, pullId!, signal),
    enabled: Boolean(pullId),
    initialData: known && known.id === pullId ? known : undefined,
    // A finished pull never changes again.
    staleTime: (query) => (query.state.data && query.state.data.status !== 'running' ? Infinity : 0),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? PULL_POLL_INTERVAL_MS : false),
  });
}
