import { Readable } from 'node:stream';
import { and, asc, sql } from 'drizzle-orm';
import { zonedFormatter } from '@console/contracts';
import type { AppContext } from '../../context';
import { events } from '../../db/schema/index';
import { exportColumns } from './event-records';
import { eventWhere } from './queries';
import type { EventScope } from './scope';

/** Events read per statement: large enough that a round trip is cheap beside the rows, small enough to keep memory flat. */
export const EXPORT_BATCH = 500;

type ExportRow = Awaited<ReturnType<typeof readBatch>>[number];

function readBatch(ctx: AppContext, scope: EventScope, after: { issuedAt: Date; id: string } | null) {
  const where = and(
    eventWhere(scope),
    after ? sql`(${events.issuedAt}, ${events.id}) > (${after.issuedAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
  );
  return ctx.db.select(exportColumns).from(events).where(where).orderBy(asc(events.issuedAt), asc(events.id)).limit(EXPORT_BATCH);
}

/** One event as a line of the file (an ExportRecord), its timestamp in the caller's zone. */
function exportLine(row: ExportRow, format: (instant: Date) => string): string {
  const json = JSON.stringify;
  return (
    `{"id":${json(row.id)},"issued_at":${json(format(row.issuedAt))},"data_type":${json(row.dataType)},"conv_id":${json(row.convId)},` +
    `"utterance":${json(row.utterance)},"response_type":${json(row.responseType)},"integration_type":${json(row.integrationType)},` +
    `"input_method":${json(row.inputMethod)},"deployment_id":${json(row.deploymentId)},"content_id":${json(row.contentId)},` +
    `"reporting_id":${json(row.reportingId)},"data":${row.data}}`
  );
}

/**
 * The query log as a JSON array, one event per line, oldest first. It walks the project-time-id
 * index by keyset (each batch starts after the last event read), reading the next batch while this
 * one is written, and is pulled by the reader: at most two batches are in hand whatever the log's
 * size, so memory stays flat.
 */
export function exportEvents(ctx: AppContext, scope: EventScope, timeZone: string): Readable {
  const format = zonedFormatter(timeZone);
  async function* lines(): AsyncGenerator<string> {
    yield '[';
    let next: Promise<ExportRow[]> | null = readBatch(ctx, scope, null);
    let separator = '\n';
    try {
      while (next) {
        const rows: ExportRow[] = await next;
        const last: ExportRow | undefined = rows.at(-1);
        next = last && rows.length === EXPORT_BATCH ? readBatch(ctx, scope, { issuedAt: last.issuedAt, id: last.id }) : null;
        if (!rows.length) break;
        const chunk: string[] = [];
        for (const row of rows) {
          chunk.push(separator, exportLine(row, format));
          separator = ',\n';
        }
        yield chunk.join('');
      }
    } finally {
      // A client that went away leaves a read in flight: it ends here, never as an unhandled rejection.
      await next?.catch(() => undefined);
    }
    yield '\n]\n';
  }
  return Readable.from(lines(), { objectMode: false });
}
