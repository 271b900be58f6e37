import { useQuery } from '@tanstack/react-query';
import { JOB_REFRESH_MS, replaySchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { isJobFinished } from '@/lib/api/job';
import { replayKeys, replayUrl } from './keys';

/** GET /project/{id}/replay/{replayId}: a replay, read again every JOB_REFRESH_MS until its job finishes (its summary comes then). */
export function useReplay(projectId: string, replayId: string) {
  return useQuery({
    queryKey: replayKeys.detail(projectId, replayId),
    queryFn: ({ signal }) => api.get(replayUrl(projectId, replayId), { schema: replaySchema, signal }),
    refetchInterval: (q) => (q.state.data && !isJobFinished(q.state.data.job) ? JOB_REFRESH_MS : false),
  });
}
