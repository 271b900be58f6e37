import { useMutation, useQueryClient } from '@tanstack/react-query';
import { testRunBody, testRunSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { testRunKeys, testRunsUrl } from './test-run';

/**
 * POST /project/{id}/test-run: runs the project's test cases against a version (default the newest)
 * in the background. Shared: the suite and a version's page start runs.
 */
export function useStartTestRun(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version?: number) => api.post(testRunsUrl(projectId), testRunBody.parse({ version }), { schema: testRunSchema }),
    onSuccess: (run) => {
      queryClient.setQueryData(testRunKeys.detail(projectId, run.id), run);
      void queryClient.invalidateQueries({ queryKey: testRunKeys.lists(projectId) });
    },
  });
}
