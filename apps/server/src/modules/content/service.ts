import { and, count, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_CONTENT_STATUS,
  EMPTY_PM_DOCUMENT,
  contentList,
  kbWordCount,
  pmToKb,
  type Content,
  type ContentSummary,
  type createContentBody,
  type ListQuery,
  type ListResponse,
  type PmDocument,
  type updateContentBody,
  type updateContentResponseBody,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contents, sources, type ContentRow } from '../../db/schema/index';
import { demand, storedOwner, type ProjectAccess } from '../../platform/access';
import { AppError, pgErrorCode } from '../../platform/errors';
import { listPage, type ListColumns } from '../../platform/listing';
import { projectRecordOf } from '../../platform/project-records';
import { sourceOf } from '../source/service';

/** A content item's project, for the access declarations of routes under /content/{id}. */
export const ofContent = storedOwner(contents.id, contents.projectId);

const contentServiceMessages = {
  foreignSource: 'Source ID must name a source of this project',
} as const;

/** The columns of a list row: everything but the response, which a list never shows. */
const summaryColumns = {
  id: contents.id,
  projectId: contents.projectId,
  sourceId: contents.sourceId,
  subject: contents.subject,
  status: contents.status,
  reportingId: contents.reportingId,
  numResponseWords: contents.numResponseWords,
  createdAt: contents.createdAt,
  updatedAt: contents.updatedAt,
};
type SummaryRow = Pick<ContentRow, keyof typeof summaryColumns>;

function toContentSummary(row: SummaryRow): ContentSummary {
  return {
    id: row.id,
    project_id: row.projectId,
    source_id: row.sourceId,
    subject: row.subject,
    status: row.status,
    reporting_id: row.reportingId,
    num_response_words: row.numResponseWords,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toContent(row: ContentRow): Content {
  return { ...toContentSummary(row), response_pm: row.responsePm };
}

/** `num_response_words` of a canonical response: the words a reader sees. */
export function responseWordCount(document: PmDocument): number {
  return kbWordCount(pmToKb(document));
}

/** Any executor of the database: the app's or a transaction's. */
type Executor = Pick<Db, 'update'>;

/** A change to an item's response, utterances or actions is a change to the item. */
export async function touchContent(db: Executor, contentId: string, now: Date): Promise<void> {
  await db.update(contents).set({ updatedAt: now }).where(eq(contents.id, contentId));
}

/** The content item `id` of the checked project (a route declared with `ofContent`); 404 once deleted. */
function contentOf(ctx: AppContext, checked: ProjectAccess, id: string): Promise<ContentRow> {
  return projectRecordOf(ctx, contents, checked, id);
}

/** The fields of the content lists -> columns: what a list shows for its filters, and what a bulk change by filter acts on. */
export const contentListColumns: ListColumns<typeof contentList> = {
  subject: contents.subject,
  status: contents.status,
  num_response_words: contents.numResponseWords,
  updated_at: contents.updatedAt,
  created_at: contents.createdAt,
};

async function contentPage(ctx: AppContext, query: ListQuery, where: ReturnType<typeof eq>): Promise<ListResponse<ContentSummary>> {
  const page = await listPage(
    contentList,
    query,
    contentListColumns,
    {
      rows: ctx.db.select(summaryColumns).from(contents).$dynamic(),
      count: ctx.db.select({ total: count() }).from(contents).$dynamic(),
      where,
      id: contents.id,
    },
  );
  return { records: page.records.map(toContentSummary), total: page.total };
}

export async function listContents(ctx: AppContext, { project }: ProjectAccess, query: ListQuery): Promise<ListResponse<ContentSummary>> {
  return contentPage(ctx, query, eq(contents.projectId, project.id));
}

/** The items of one source; its project (as stored) is the one checked. */
export async function listSourceContents(
  ctx: AppContext,
  checked: ProjectAccess,
  sourceId: string,
  query: ListQuery,
): Promise<ListResponse<ContentSummary>> {
  const source = await sourceOf(ctx, checked, sourceId);
  return contentPage(ctx, query, eq(contents.sourceId, source.id));
}

/** A new item starts active with an empty response; a source it names must be one of the same project. */
export async function createContent(
  ctx: AppContext,
  { project }: ProjectAccess,
  input: z.output<typeof createContentBody>,
): Promise<Content> {
  const sourceId = input.source_id ?? null;
  if (sourceId) {
    const [source] = await ctx.db
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.id, sourceId), eq(sources.projectId, project.id)))
      .limit(1);
    if (!source) throw AppError.badRequest(contentServiceMessages.foreignSource);
  }
  try {
    return toContent(await insertContent(ctx.db, project.id, { subject: input.subject, sourceId }, ctx.now()));
  } catch (error) {
    // The source was deleted between the check and the insert (foreign key violation).
    if (pgErrorCode(error) === '23503') throw AppError.badRequest(contentServiceMessages.foreignSource);
    throw error;
  }
}

/** A new item as Create Content makes it (the default status, an empty response), in the caller's transaction when given one. */
export async function insertContent(db: Db, projectId: string, fields: { subject: string; sourceId: string | null }, now: Date): Promise<ContentRow> {
  const [row] = await db
    .insert(contents)
    .values({
      projectId,
      sourceId: fields.sourceId,
      subject: fields.subject,
      status: DEFAULT_CONTENT_STATUS,
      responsePm: EMPTY_PM_DOCUMENT,
      numResponseWords: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no content');
  return row;
}

export async function readContent(ctx: AppContext, checked: ProjectAccess, id: string): Promise<Content> {
  return toContent(await contentOf(ctx, checked, id));
}

/**
 * Subject and status. Activating and deactivating take an item out of or back into the answers, so
 * they belong to the delete right: a changed status needs it beside the update right the route
 * declares; the same status is a plain update.
 */
export async function updateContent(
  ctx: AppContext,
  checked: ProjectAccess,
  id: string,
  input: z.output<typeof updateContentBody>,
): Promise<Content> {
  const current = await contentOf(ctx, checked, id);
  if (input.status !== undefined && input.status !== current.status) demand(checked.permissions.canDeleteSubProject);
  const [row] = await ctx.db
    .update(contents)
    .set({ subject: input.subject ?? current.subject, status: input.status ?? current.status, updatedAt: ctx.now() })
    .where(eq(contents.id, id))
    .returning();
  if (!row) throw AppError.notFound();
  return toContent(row);
}

/** Stores the canonical response and its word count together, so the count is right after every save. */
export async function updateContentResponse(
  ctx: AppContext,
  { project }: ProjectAccess,
  id: string,
  input: z.output<typeof updateContentResponseBody>,
): Promise<Content> {
  const [row] = await ctx.db
    .update(contents)
    .set({ responsePm: input.response_pm, numResponseWords: responseWordCount(input.response_pm), updatedAt: ctx.now() })
    .where(and(eq(contents.id, id), eq(contents.projectId, project.id)))
    .returning();
  if (!row) throw AppError.notFound();
  return toContent(row);
}

/** Utterances and actions go with the item (foreign-key cascades). */
export async function deleteContent(ctx: AppContext, { project }: ProjectAccess, id: string): Promise<void> {
  await removeContents(ctx.db, project.id, [id]);
}

/**
 * Deletes the items of `ids` that are the project's, with all they hold, and answers how many: the
 * one delete of content, of one item or of many.
 */
export async function removeContents(db: Pick<Db, 'delete'>, projectId: string, ids: readonly string[]): Promise<number> {
  const removed = await db
    .delete(contents)
    .where(and(eq(contents.projectId, projectId), inArray(contents.id, [...ids])))
    .returning({ id: contents.id });
  return removed.length;
}
