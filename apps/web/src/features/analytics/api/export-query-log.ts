import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { EXPORT_TOTAL_HEADER, exportFileName } from '@console/contracts';
import { api, fileNameOf, type Download } from '@/lib/api-client';
import { saveDownload } from '@/lib/download';
import { exportProgress } from '../export-progress';
import { queryLogUrl } from './keys';

/** How often the progress is shown while an export streams: often enough to move, rarely enough not to cost renders. */
const PROGRESS_INTERVAL_MS = 100;

export interface ExportCount {
  received: number;
  /** From the x-total-count header; null when the answer has none. */
  total: number | null;
}

interface ExportOptions {
  signal: AbortSignal;
  onProgress: (count: ExportCount) => void;
}

/** A list's query without its paging and sort: the export holds every event the filters match, in `tz`. */
export function exportQuery(listQuery: Record<string, string | number>): Record<string, string | number> {
  const { limit: _limit, offset: _offset, sort_field: _field, sort_direction: _direction, ...filters } = listQuery;
  return filters;
}

/**
 * GET /project/{id}/query/export: the query log (the list's filters, timestamps in `tz`) as a JSON
 * file, read as it streams so the events received can be shown against the total. An answer that
 * ends before its closing bracket was cut off (the server failed mid-way) and is refused.
 */
export async function exportQueryLog(
  projectId: string,
  listQuery: Record<string, string | number>,
  { signal, onProgress }: ExportOptions,
): Promise<Download> {
  const response = await api.stream(`${queryLogUrl(projectId)}/export`, { query: exportQuery(listQuery), signal });
  const header = response.headers.get(EXPORT_TOTAL_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const progress = exportProgress();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let shownAt = 0;
  onProgress({ received: 0, total });

  const reader = response.body?.getReader();
  if (!reader) throw new Error('The export answered without a body.');
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.push(value);
    if (Date.now() - shownAt >= PROGRESS_INTERVAL_MS) {
      shownAt = Date.now();
      onProgress({ received: progress.events, total });
    }
  }
  onProgress({ received: progress.events, total });
  if (!progress.complete) {
    throw new Error(`The download broke off after ${progress.events}${total === null ? '' : ` of ${total}`} events. Please try again.`);
  }
  return { blob: new Blob(chunks, { type: 'application/json' }), fileName: fileNameOf(response, exportFileName(projectId)) };
}

/**
 * Export as JSON with its progress and Cancel. Cancelling aborts the stream and forgets the export,
 * so no error shows for it; leaving the page cancels too.
 */
export function useExportQueryLog(projectId: string) {
  const [count, setCount] = useState<ExportCount | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (listQuery: Record<string, string | number>) => {
      controller.current = new AbortController();
      return exportQueryLog(projectId, listQuery, { signal: controller.current.signal, onProgress: setCount });
    },
    onSuccess: saveDownload,
    onSettled: () => setCount(null),
  });
  useEffect(() => () => controller.current?.abort(), []);

  return {
    start: mutation.mutate,
    cancel: () => {
      controller.current?.abort();
      mutation.reset();
    },
    running: mutation.isPending,
    count,
    error: mutation.isError ? mutation.error : null,
  };
}
