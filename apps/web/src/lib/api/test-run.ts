import { useQuery } from '@tanstack/react-query';
import { JOB_REFRESH_MS, testRunSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { isJobFinished } from './job';

/** Query keys of test runs, shared: the sync message, the deploy gate and the suite read runs. */
export const testRunKeys = {
  all: (projectId: string) => ['test-run', projectId] as const,
  lists: (projectId: string) => ['test-run', projectId, 'list'] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['test-run', projectId, 'list', query] as const,
  detail: (projectId: string, runId: string) => ['test-run', projectId, 'detail', runId] as const,
};

export const testRunsUrl = (projectId: string) => `/project/${encodeURIComponent(projectId)}/test-run`;

/** A test run, read again every JOB_REFRESH_MS until its job finishes. */
export function useTestRun(projectId: string, runId: string | null) {
  return useQuery({
    queryKey: testRunKeys.detail(projectId, runId ?? ''),
    queryFn: ({ signal }) => api.get(`${testRunsUrl(projectId)}/${encodeURIComponent(runId!)}`, { schema: testRunSchema, signal }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data && !isJobFinished(query.state.data.job) ? JOB_REFRESH_MS : false),
  });
}
