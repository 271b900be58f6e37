import { useMutation } from '@tanstack/react-query';
import { testCaseExportFileName, type testCaseFormats } from '@console/contracts';
import { api } from '@/lib/api-client';
import { saveDownload } from '@/lib/download';

type Format = (typeof testCaseFormats)[number];

/** GET /project/{id}/test-case/export?format=csv|json: every case of the project as a file, downloaded with the session's bearer. */
export function useExportTestCases(projectId: string) {
  return useMutation({
    mutationFn: async (format: Format) =>
      saveDownload(
        await api.download(`/project/${encodeURIComponent(projectId)}/test-case/export`, testCaseExportFileName(projectId, format), { query: { format } }),
      ),
  });
}
