import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { JOB_REFRESH_MS, listResponse, replaySchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { isJobFinished } from '@/lib/api/job';
import { replayKeys, replaysUrl } from './keys';

const replaysResponse = listResponse(replaySchema);

/** GET /project/{id}/replay: a page of the project's replays, read again every JOB_REFRESH_MS while one of them runs. */
export function useReplays(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: replayKeys.list(projectId, query),
    queryFn: ({ signal }) => api.get(replaysUrl(projectId), { query, schema: replaysResponse, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some((replay) => !isJobFinished(replay.job)) ? JOB_REFRESH_MS : false),
  });
}
