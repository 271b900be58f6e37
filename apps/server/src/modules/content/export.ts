import { pipeline, Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { stringify, type Stringifier } from 'csv-stringify';
import {
  CONTENT_EXPORT_COLUMNS,
  MULTI_VALUE_SEPARATOR,
  contentExportFileName,
  kbPlainText,
  pmToKb,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { contentActions, contents, contentUtterances, type ProjectRow } from '../../db/schema/index';
import { inertCell } from '../../platform/download';

/**
 * GET /project/{id}/content/utterances: every item of the project (any status) as CSV, ordered by
 * subject. Items are read a batch at a time (keyset paging, with their utterances and actions) and
 * streamed out, so a large project never sits in memory at once.
 */

/** Items per read: a few hundred rows with their responses stay small. */
const EXPORT_BATCH_SIZE = 200;

type ExportRecord = Record<(typeof CONTENT_EXPORT_COLUMNS)[number], string | number | null>;

/** Where the previous batch ended, in the export's order. */
interface Position {
  key: string;
  subject: string;
  id: string;
}

// Case-insensitive order by subject, then exact subject and id, so every item comes exactly once.
const sortKey = sql<string>`lower(${contents.subject})`;

function readBatch(ctx: AppContext, projectId: string, after: Position | null) {
  return ctx.db
    .select({
      id: contents.id,
      reportingId: contents.reportingId,
      subject: contents.subject,
      sortKey,
      status: contents.status,
      sourceId: contents.sourceId,
      responsePm: contents.responsePm,
      numResponseWords: contents.numResponseWords,
      createdAt: contents.createdAt,
      updatedAt: contents.updatedAt,
    })
    .from(contents)
    .where(
      and(
        eq(contents.projectId, projectId),
        after ? sql`(${sortKey}, ${contents.subject}, ${contents.id}) > (${after.key}, ${after.subject}, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(sortKey), asc(contents.subject), asc(contents.id))
    .limit(EXPORT_BATCH_SIZE);
}

async function* exportRecords(ctx: AppContext, projectId: string): AsyncGenerator<ExportRecord> {
  let after: Position | null = null;
  for (;;) {
    const batch = await readBatch(ctx, projectId, after);
    if (!batch.length) return;

    const ids = batch.map((row) => row.id);
    const [utterances, actions] = await Promise.all([
      ctx.db
        .select({ contentId: contentUtterances.contentId, text: contentUtterances.text })
        .from(contentUtterances)
        .where(inArray(contentUtterances.contentId, ids))
        .orderBy(asc(contentUtterances.createdAt), asc(contentUtterances.id)),
      ctx.db
        .select({ contentId: contentActions.contentId, config: contentActions.config })
        .from(contentActions)
        .where(inArray(contentActions.contentId, ids))
        .orderBy(asc(contentActions.createdAt), asc(contentActions.id)),
    ]);
    const utterancesOf = groupBy(utterances, (row) => row.contentId, (row) => row.text);
    const actionLabelsOf = groupBy(actions, (row) => row.contentId, (row) => row.config.label);

    for (const row of batch) {
      yield {
        id: row.id,
        reporting_id: row.reportingId,
        subject: inertCell(row.subject),
        status: row.status,
        source_id: row.sourceId,
        utterances: inertCell((utterancesOf.get(row.id) ?? []).join(MULTI_VALUE_SEPARATOR)),
        response: inertCell(kbPlainText(pmToKb(row.responsePm))),
        actions: inertCell((actionLabelsOf.get(row.id) ?? []).join(MULTI_VALUE_SEPARATOR)),
        num_response_words: row.numResponseWords,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
    }
    if (batch.length < EXPORT_BATCH_SIZE) return;
    const last = batch.at(-1)!;
    after = { key: last.sortKey, subject: last.subject, id: last.id };
  }
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string, valueOf: (row: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}

interface ContentExport {
  fileName: string;
  /** The CSV: UTF-8 with a byte order mark and CRLF line ends, so spreadsheets open it as written. */
  stream: Stringifier;
}

/** Any reader of the project may export it; the access check happens before the first byte. */
export async function exportContents(ctx: AppContext, { id: projectId }: ProjectRow): Promise<ContentExport> {
  const csv = stringify({ bom: true, header: true, columns: [...CONTENT_EXPORT_COLUMNS], record_delimiter: 'windows' });
  pipeline(Readable.from(exportRecords(ctx, projectId)), csv, (error) => {
    // Headers are sent by then: the broken download is all the client can be told.
    if (error) ctx.log.error({ err: error, projectId }, 'content export failed');
  });
  return { fileName: contentExportFileName(projectId), stream: csv };
}
