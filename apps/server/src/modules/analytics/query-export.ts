import { Readable } from 'node:stream';
import { and, asc, sql } from 'drizzle-orm';
import { zonedFormatter } from '@console/contracts';
import type { AppContext } from '../../context';
import { events } from '../../db/schema/index';
import { exportColumns } from './event-records';
import { eventWhere } from './queries';
import type { EventScope } from './scope';

/** Events read per statement: large enough that a round trip is cheap beside the rows, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

type ExportRow = Awaited<ReturnType<typeof readBatch>>[number];

function readBatch(ctx: AppContext, scope: EventScope, after: { issuedAt: Date; id: string } | null) {
  const where = and(
    eventWhere(scope),
    after ? sql`(${events.issuedAt}, ${events.id}) > (${after.issuedAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
  );
  return ctx.db.select(exportColumns).from(events).where(where).orderBy(asc(events.issuedAt), asc(events.id)).limit(EXPORT_BATCH);
}

/** One event as a line of the file: the record of the query log, its timestamp in the caller's zone. */
function exportLine(row: ExportRow, format: (instant: Date) => string): string {
  const json = JSON.stringify;
  return (
    `{"id":${json(row.id)},"issued_at":${json(format(row.issuedAt))},"data_type":${json(row.dataType)},"conv_id":${json(row.convId)},` +
    `"utterance":${json(row.utterance)},"response_type":${json(row.responseType)},"integration_type":${json(row.integrationType)},` +
    `"input_method":${json(row.inputMethod)},"deployment_id":${json(row.deploymentId)},"content_id":${json(row.contentId)},` +
    `"reporting_id":${json(row.reportingId)},"data":${row.data},"request":${row.request ?? 'null'},"response":${row.response ?? 'null'},` +
    `"error":${row.error ?? 'null'}}`
  );
}

/**
 * The query log as a JSON array, one event per line, oldest first. It walks the project-time-id
 * index by keyset (each batch starts after the last event sent), pulled by the reader: a batch is
 * read only when the client has taken the previous one, so memory stays flat whatever the log's size.
 */
export function exportEvents(ctx: AppContext, scope: EventScope, timeZone: string): Readable {
  const format = zonedFormatter(timeZone);
  async function* lines(): AsyncGenerator<string> {
    yield '[';
    let after: { issuedAt: Date; id: string } | null = null;
    let first = true;
    for (;;) {
      const rows = await readBatch(ctx, scope, after);
      if (!rows.length) break;
      let chunk = '';
      for (const row of rows) {
        chunk += `${first ? '\n' : ',\n'}${exportLine(row, format)}`;
        first = false;
      }
      yield chunk;
      const last = rows.at(-1)!;
      after = { issuedAt: last.issuedAt, id: last.id };
      if (rows.length < EXPORT_BATCH) break;
    }
    yield '\n]\n';
  }
  return Readable.from(lines(), { objectMode: false });
}
