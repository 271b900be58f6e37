import { useMutation } from '@tanstack/react-query';
import { archiveFileName } from '@console/contracts';
import { api, type Download } from '@/lib/api-client';
import { saveDownload } from '@/lib/download';

/** GET /project/{id}/archive: the project and everything in it as one versioned file. */
function exportProject(id: string): Promise<Download> {
  return api.download(`/project/${encodeURIComponent(id)}/archive`, archiveFileName(id));
}

/** Downloads the archive and hands it to the browser. */
export function useExportProject() {
  return useMutation({
    mutationFn: async (id: string) => saveDownload(await exportProject(id)),
  });
}
