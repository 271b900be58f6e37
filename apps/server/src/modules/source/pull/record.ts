import type { SourcePull } from '@console/contracts';
import type { SourcePullRow } from '../../../db/schema/index';

export function toSourcePull(row: SourcePullRow): SourcePull {
  return {
    id: row.id,
    source_id: row.sourceId,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal, message: row.progressMessage },
    summary: row.summary ?? null,
    error: row.error,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
