import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { JOB_REFRESH_MS, listResponse, testRunSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { isJobFinished } from '@/lib/api/job';
import { testRunKeys, testRunsUrl } from '@/lib/api/test-run';

const testRunsResponse = listResponse(testRunSchema);

/** GET /project/{id}/test-run: a page of the project's runs, read again every JOB_REFRESH_MS while one of them runs. */
export function useTestRuns(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: testRunKeys.list(projectId, query),
    queryFn: ({ signal }) => api.get(testRunsUrl(projectId), { query, schema: testRunsResponse, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some((run) => !isJobFinished(run.job)) ? JOB_REFRESH_MS : false),
  });
}
