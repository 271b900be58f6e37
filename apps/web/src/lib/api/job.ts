import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { finishedJobStatuses, JOB_REFRESH_MS, jobSchema, type Job } from '@console/contracts';
import { api } from '@/lib/api-client';

/** Query keys of background jobs; the records a job works for (test runs, replays) refresh with it. */
export const jobKeys = {
  detail: (projectId: string, jobId: string) => ['job', projectId, jobId] as const,
};

const jobUrl = (projectId: string, jobId: string) => `/project/${encodeURIComponent(projectId)}/job/${encodeURIComponent(jobId)}`;

export function isJobFinished(job: Pick<Job, 'status'> | null | undefined): boolean {
  return !!job && finishedJobStatuses.includes(job.status);
}

/** A job, read again every JOB_REFRESH_MS until it finishes (whichever server process runs it). */
export function useJob(projectId: string, jobId: string | null) {
  return useQuery({
    queryKey: jobKeys.detail(projectId, jobId ?? ''),
    queryFn: ({ signal }) => api.get(jobUrl(projectId, jobId!), { schema: jobSchema, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : JOB_REFRESH_MS),
  });
}

/** POST /project/{id}/job/{id}/cancel. */
export function useCancelJob(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api.post(`${jobUrl(projectId, jobId)}/cancel`, undefined, { schema: jobSchema }),
    onSuccess: (job) => queryClient.setQueryData(jobKeys.detail(projectId, job.id), job),
  });
}
