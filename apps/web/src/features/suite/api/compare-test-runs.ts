import { useQuery } from '@tanstack/react-query';
import { testRunComparisonSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { testRunKeys, testRunsUrl } from '@/lib/api/test-run';

/** GET /project/{id}/test-run/{runId}/compare/{otherRunId}: each case from the other run to this one (fixed, broken, ...). */
export function useTestRunComparison(projectId: string, runId: string, otherRunId: string | null) {
  return useQuery({
    queryKey: [...testRunKeys.detail(projectId, runId), 'compare', otherRunId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get(`${testRunsUrl(projectId)}/${encodeURIComponent(runId)}/compare/${encodeURIComponent(otherRunId!)}`, { schema: testRunComparisonSchema, signal }),
    enabled: otherRunId !== null,
  });
}
