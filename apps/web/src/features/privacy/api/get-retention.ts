import { useQuery } from '@tanstack/react-query';
import { JOB_REFRESH_MS, retentionStatusSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { isJobFinished } from '@/lib/api/job';

export const retentionKeys = { status: (projectId: string) => ['retention', projectId] as const };

/** GET /project/{id}/privacy/retention, read again every JOB_REFRESH_MS while a run is under way. */
export function useRetentionStatus(projectId: string) {
  return useQuery({
    queryKey: retentionKeys.status(projectId),
    queryFn: ({ signal }) => api.get(`/project/${encodeURIComponent(projectId)}/privacy/retention`, { schema: retentionStatusSchema, signal }),
    refetchInterval: (query) => {
      const run = query.state.data?.last_run;
      return run && !isJobFinished(run) ? JOB_REFRESH_MS : false;
    },
  });
}
