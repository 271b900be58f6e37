import { and, count, eq } from 'drizzle-orm';
import {
  contentMessages,
  contentUtteranceList,
  type ContentUtterance,
  type contentUtteranceBody,
  type ListQuery,
  type ListResponse,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { contents, contentUtterances, type ContentUtteranceRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError, refusingDuplicates } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { touchContent } from './service';

/**
 * The utterances that ask for a content item. They are edit rows of the item: adding, changing and
 * removing one is an update of the item (canUpdateSubProject) and moves its updated_at.
 */

export function toContentUtterance(row: ContentUtteranceRow): ContentUtterance {
  return {
    id: row.id,
    content_id: row.contentId,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The utterance `id` of an item of the checked project (a route declared with `ofUtterance`); 404 once deleted. */
async function utteranceOf(ctx: AppContext, { project }: ProjectAccess, id: string): Promise<ContentUtteranceRow> {
  const [found] = await ctx.db
    .select({ row: contentUtterances })
    .from(contentUtterances)
    .innerJoin(contents, eq(contents.id, contentUtterances.contentId))
    .where(and(eq(contentUtterances.id, id), eq(contents.projectId, project.id)))
    .limit(1);
  if (!found) throw AppError.notFound();
  return found.row;
}

/** Utterances are unique within the item regardless of case and surrounding space; the unique index decides races. */
function uniquely<T>(write: () => Promise<T>): Promise<T> {
  return refusingDuplicates(write, AppError.conflict(contentMessages.utterancesUnique));
}

export async function listUtterances(
  ctx: AppContext,
  contentId: string,
  query: ListQuery,
): Promise<ListResponse<ContentUtterance>> {
  const page = await listPage(
    contentUtteranceList,
    query,
    { text: contentUtterances.text, updated_at: contentUtterances.updatedAt, created_at: contentUtterances.createdAt },
    {
      rows: ctx.db.select().from(contentUtterances).$dynamic(),
      count: ctx.db.select({ total: count() }).from(contentUtterances).$dynamic(),
      where: eq(contentUtterances.contentId, contentId),
      id: contentUtterances.id,
    },
  );
  return { records: page.records.map(toContentUtterance), total: page.total };
}

export async function createUtterance(
  ctx: AppContext,
  contentId: string,
  input: z.output<typeof contentUtteranceBody>,
): Promise<ContentUtterance> {
  const now = ctx.now();
  const row = await uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(contentUtterances).values({ contentId, text: input.text, createdAt: now, updatedAt: now }).returning();
      await touchContent(tx, contentId, now);
      return inserted;
    }),
  );
  if (!row) throw new Error('insert returned no utterance');
  return toContentUtterance(row);
}

export async function updateUtterance(
  ctx: AppContext,
  checked: ProjectAccess,
  id: string,
  input: z.output<typeof contentUtteranceBody>,
): Promise<ContentUtterance> {
  const current = await utteranceOf(ctx, checked, id);
  const now = ctx.now();
  const row = await uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(contentUtterances)
        .set({ text: input.text, updatedAt: now })
        .where(eq(contentUtterances.id, id))
        .returning();
      if (updated) await touchContent(tx, current.contentId, now);
      return updated;
    }),
  );
  if (!row) throw AppError.notFound();
  return toContentUtterance(row);
}

export async function deleteUtterance(ctx: AppContext, checked: ProjectAccess, id: string): Promise<void> {
  const row = await utteranceOf(ctx, checked, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(contentUtterances).where(eq(contentUtterances.id, id));
    await touchContent(tx, row.contentId, now);
  });
}
