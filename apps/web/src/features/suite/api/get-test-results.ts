import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { JOB_REFRESH_MS, listResponse, testResultSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { testRunKeys, testRunsUrl } from '@/lib/api/test-run';

const testResultsResponse = listResponse(testResultSchema);

/**
 * GET /project/{id}/test-run/{runId}/result: a page of a run's results, in the cases' order; read again
 * every JOB_REFRESH_MS while the run runs, since each case's result is stored as it is answered.
 */
export function useTestResults(projectId: string, runId: string, query: Record<string, string | number>, running: boolean) {
  return useQuery({
    queryKey: [...testRunKeys.detail(projectId, runId), 'result', query] as const,
    queryFn: ({ signal }) => api.get(`${testRunsUrl(projectId)}/${encodeURIComponent(runId)}/result`, { query, schema: testResultsResponse, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: running ? JOB_REFRESH_MS : false,
  });
}
