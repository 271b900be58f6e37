import { Readable } from 'node:stream';
import { and, asc, sql } from 'drizzle-orm';
import { zonedFormatter, type ExportRecord } from '@console/contracts';
import type { AppContext } from '../../context';
import { driverRows } from '../../db/driver-query';
import { events } from '../../db/schema/index';
import { eventWhere } from './queries';
import type { EventScope } from './scope';

/** Events read per statement: large enough that a round trip is cheap beside the rows, small enough to keep memory flat. */
export const EXPORT_BATCH = 1000;
/**
 * Lines sent per write, about 35 kB. Joining a whole batch into one string made the heap grow by a
 * batch a write until a full collection (measured: 170 MB of growth over a million events, 20 MB in
 * pieces this size), and smaller writes also went out faster.
 */
const CHUNK_LINES = 25;

/**
 * An event as PostgreSQL renders it for the file (an ExportRecord), `data` spliced in as stored.
 * It always opens `{"id":"<uuid>","issued_at":"`, so the id and the instant are read at fixed places.
 */
const exportRecord = {
  id: events.id,
  issued_at: events.issuedAt,
  data_type: events.dataType,
  conv_id: events.convId,
  utterance: events.utterance,
  response_type: events.responseType,
  integration_type: events.integrationType,
  input_method: events.inputMethod,
  deployment_id: events.deploymentId,
  content_id: events.contentId,
  reporting_id: events.reportingId,
  data: events.data,
} satisfies Record<keyof ExportRecord, unknown>;
const BATCH = 'batch';
const ID_AT = '{"id":"'.length;
const ISSUED_AT_AT = ID_AT + 36 + '","issued_at":"'.length;

/** Where the last batch ended: its last event's id and instant (PostgreSQL's own rendering, microseconds kept). */
interface Position {
  id: string;
  issuedAt: string;
}

/** Where the line's instant ends: the quote that closes it. */
const instantEnd = (line: string) => line.indexOf('"', ISSUED_AT_AT);

function positionOf(line: string): Position {
  return { id: line.slice(ID_AT, ID_AT + 36), issuedAt: line.slice(ISSUED_AT_AT, instantEnd(line)) };
}

function readBatch(ctx: AppContext, scope: EventScope, after: Position | null): Promise<string[][]> {
  const where = and(
    eventWhere(scope),
    after ? sql`(${events.issuedAt}, ${events.id}) > (${after.issuedAt}::timestamptz, ${after.id}::uuid)` : undefined,
  );
  const batch = ctx.db.select(exportRecord).from(events).where(where).orderBy(asc(events.issuedAt), asc(events.id)).limit(EXPORT_BATCH).as(BATCH);
  const statement = ctx.db
    .select({ line: sql<string>`row_to_json(${sql.identifier(BATCH)})::text` })
    .from(batch)
    .orderBy(asc(batch.issued_at), asc(batch.id))
    .toSQL();
  return driverRows(ctx.db, { text: statement.sql }, statement.params);
}

/**
 * The query log as a JSON array, one event per line, oldest first. PostgreSQL writes each line; only
 * the timestamp is rewritten here, in the caller's zone. It walks the project-time-id index by keyset
 * (each batch starts after the last event read), reading the next batch while this one is sent, and
 * is pulled by the reader: at most two batches are in hand whatever the log's size, so memory stays flat.
 */
export function exportEvents(ctx: AppContext, scope: EventScope, timeZone: string): Readable {
  const format = zonedFormatter(timeZone);
  async function* lines(): AsyncGenerator<string> {
    yield '[';
    let next: Promise<string[][]> | null = readBatch(ctx, scope, null);
    let separator = '\n';
    try {
      while (next) {
        const rows = (await next) as [string][];
        const last = rows.at(-1)?.[0];
        next = last && rows.length === EXPORT_BATCH ? readBatch(ctx, scope, positionOf(last)) : null;
        for (let start = 0; start < rows.length; start += CHUNK_LINES) {
          const chunk: string[] = [];
          for (const [line] of rows.slice(start, start + CHUNK_LINES)) {
            const end = instantEnd(line);
            chunk.push(separator, line.slice(0, ISSUED_AT_AT), format(new Date(line.slice(ISSUED_AT_AT, end))), line.slice(end));
            separator = ',\n';
          }
          yield chunk.join('');
        }
      }
    } finally {
      // A client that went away leaves a read in flight: it ends here, never as an unhandled rejection.
      await next?.catch(() => undefined);
    }
    yield '\n]\n';
  }
  return Readable.from(lines(), { objectMode: false });
}
