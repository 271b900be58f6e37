import { useMutation } from '@tanstack/react-query';
import { contentExportFileName } from '@console/contracts';
import { api, type Download } from '@/lib/api-client';
import { saveDownload } from '@/lib/download';

/** GET /project/{id}/content/utterances: every item of the project as '{projectId}_contents.csv'. */
export function exportContentUtterances(projectId: string): Promise<Download> {
  return api.download(`/project/${encodeURIComponent(projectId)}/content/utterances`, contentExportFileName(projectId));
}

export function useExportContentUtterances(projectId: string) {
  return useMutation({
    mutationFn: () => exportContentUtterances(projectId),
    onSuccess: saveDownload,
  });
}
