import { Readable } from 'node:stream';
import { and, asc, sql } from 'drizzle-orm';
import { zonedFormatter, type ExportRecord } from '@console/contracts';
import type { AppContext } from '../../context';
import { driverRows } from '../../db/driver-query';
import { events, feedback } from '../../db/schema/index';
import { feedbackOfEvent } from './event-records';
import { questionWhere } from './queries';
import type { EventScope } from './scope';

/** Questions read per statement: large enough that a round trip is cheap beside the rows, small enough to keep memory flat. */
export const EXPORT_BATCH = 1000;
/**
 * Lines sent per write, about 35 kB. Joining a whole batch into one string made the heap grow by a
 * batch a write until a full collection (measured: 170 MB of growth over a million events, 20 MB in
 * pieces this size), and smaller writes also went out faster.
 */
const CHUNK_LINES = 25;

/**
 * The feedback's time as PostgreSQL writes it here: UTC to the millisecond, always 24 characters, so
 * the line's end (`…"updated_at":"<time>"}}`) holds it at a fixed place for the zone's rewrite.
 */
const FEEDBACK_TIME = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const FEEDBACK_TIME_LENGTH = '2026-01-01T00:00:00.000Z'.length;
const FEEDBACK_END = '"}}'.length;

/** An answer's feedback as a Feedback object, its fields in the contract's order (updated_at last), or null. */
const feedbackObject = sql`CASE WHEN ${feedback.answerId} IS NULL THEN NULL ELSE (SELECT row_to_json(rated) FROM (SELECT ${feedback.answerId} AS answer_id, ${feedback.rating} AS rating, ${feedback.comment} AS comment, to_char(${feedback.updatedAt} AT TIME ZONE 'UTC', ${FEEDBACK_TIME}) AS updated_at) AS rated) END`;

/**
 * A question as PostgreSQL renders it for the file (an ExportRecord): its outcome event, `data`
 * spliced in as stored, then its feedback. It always opens `{"id":"<uuid>","issued_at":"`, so the id
 * and the instant are read at fixed places, and ends with the feedback (null, or its time last).
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
  feedback: feedbackObject.as('feedback'),
} satisfies Record<keyof ExportRecord, unknown>;
const BATCH = 'batch';
const ID_AT = '{"id":"'.length;
const ISSUED_AT_AT = ID_AT + 36 + '","issued_at":"'.length;
const NO_FEEDBACK = '"feedback":null}';

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
    questionWhere(scope),
    after ? sql`(${events.issuedAt}, ${events.id}) > (${after.issuedAt}::timestamptz, ${after.id}::uuid)` : undefined,
  );
  const batch = ctx.db.select(exportRecord).from(events).leftJoin(feedback, feedbackOfEvent).where(where).orderBy(asc(events.issuedAt), asc(events.id)).limit(EXPORT_BATCH).as(BATCH);
  const statement = ctx.db
    .select({ line: sql<string>`row_to_json(${sql.identifier(BATCH)})::text` })
    .from(batch)
    .orderBy(asc(batch.issued_at), asc(batch.id))
    .toSQL();
  return driverRows(ctx.db, { text: statement.sql }, statement.params);
}

/**
 * The query log as a JSON array, one question per line, oldest first. PostgreSQL writes each line;
 * only the timestamps (the question's, its feedback's) are rewritten here, in the caller's zone. It walks the project-time-id index by keyset
 * (each batch starts after the last event read), reading the next batch while this one is sent, and
 * is pulled by the reader: at most two batches are in hand whatever the log's size, so memory stays flat.
 */
export function exportQuestions(ctx: AppContext, scope: EventScope, timeZone: string): Readable {
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
            chunk.push(separator, line.slice(0, ISSUED_AT_AT), format(new Date(line.slice(ISSUED_AT_AT, end))));
            if (line.endsWith(NO_FEEDBACK)) {
              chunk.push(line.slice(end));
            } else {
              const rated = line.length - FEEDBACK_END - FEEDBACK_TIME_LENGTH;
              chunk.push(line.slice(end, rated), format(new Date(line.slice(rated, -FEEDBACK_END))), line.slice(-FEEDBACK_END));
            }
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
