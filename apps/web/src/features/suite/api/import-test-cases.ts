import { useMutation, useQueryClient } from '@tanstack/react-query';
import { testCaseImportAnswer, testCaseImportBody, type testCaseFormats } from '@console/contracts';
import { api } from '@/lib/api-client';
import { testCaseApi } from '@/lib/api/test-case';

type Format = (typeof testCaseFormats)[number];

/**
 * POST /project/{id}/test-case/import: a CSV or JSON file's text. The server checks every line before
 * it keeps any, and names the first bad line and field in its refusal.
 */
export function useImportTestCases(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { format: Format; data: string }) =>
      api.post(`/project/${encodeURIComponent(projectId)}/test-case/import`, testCaseImportBody.parse(body), { schema: testCaseImportAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testCaseApi.keys.lists(projectId) }),
  });
}
