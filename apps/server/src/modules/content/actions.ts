import { and, count, eq } from 'drizzle-orm';
import { contentActionList, type ContentAction, type contentActionBody, type ListQuery, type ListResponse } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { contentActions, contents, type ContentActionRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { touchContent } from './service';

/**
 * The quick replies offered with a content item (a query with its utterance, or an event). Like
 * utterances they are edit rows of the item: writing one is an update of the item.
 */

export function toContentAction(row: ContentActionRow): ContentAction {
  return {
    id: row.id,
    content_id: row.contentId,
    type: row.type,
    config: row.config,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The action `id` of an item of the checked project (a route declared with `ofAction`); 404 once deleted. */
async function actionOf(ctx: AppContext, { project }: ProjectAccess, id: string): Promise<ContentActionRow> {
  const [found] = await ctx.db
    .select({ row: contentActions })
    .from(contentActions)
    .innerJoin(contents, eq(contents.id, contentActions.contentId))
    .where(and(eq(contentActions.id, id), eq(contents.projectId, project.id)))
    .limit(1);
  if (!found) throw AppError.notFound();
  return found.row;
}

export async function listActions(ctx: AppContext, contentId: string, query: ListQuery): Promise<ListResponse<ContentAction>> {
  const page = await listPage(
    contentActionList,
    query,
    { type: contentActions.type, updated_at: contentActions.updatedAt, created_at: contentActions.createdAt },
    {
      rows: ctx.db.select().from(contentActions).$dynamic(),
      count: ctx.db.select({ total: count() }).from(contentActions).$dynamic(),
      where: eq(contentActions.contentId, contentId),
      id: contentActions.id,
    },
  );
  return { records: page.records.map(toContentAction), total: page.total };
}

export async function createAction(
  ctx: AppContext,
  contentId: string,
  input: z.output<typeof contentActionBody>,
): Promise<ContentAction> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contentActions)
      .values({ contentId, type: input.type, config: input.config, createdAt: now, updatedAt: now })
      .returning();
    await touchContent(tx, contentId, now);
    return inserted;
  });
  if (!row) throw new Error('insert returned no action');
  return toContentAction(row);
}

export async function updateAction(
  ctx: AppContext,
  checked: ProjectAccess,
  id: string,
  input: z.output<typeof contentActionBody>,
): Promise<ContentAction> {
  const current = await actionOf(ctx, checked, id);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contentActions)
      .set({ type: input.type, config: input.config, updatedAt: now })
      .where(eq(contentActions.id, id))
      .returning();
    if (updated) await touchContent(tx, current.contentId, now);
    return updated;
  });
  if (!row) throw AppError.notFound();
  return toContentAction(row);
}

export async function deleteAction(ctx: AppContext, checked: ProjectAccess, id: string): Promise<void> {
  const row = await actionOf(ctx, checked, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(contentActions).where(eq(contentActions.id, id));
    await touchContent(tx, row.contentId, now);
  });
}
