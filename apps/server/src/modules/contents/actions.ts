import { count, eq } from 'drizzle-orm';
import { contentActionList, type ContentAction, type contentActionBody, type ListQuery, type ListResponse } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { contentActions, contents, type ContentActionRow, type UserRow } from '../../db/schema/index';
import { demand, readableProject } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { readableContent, touchContent } from './service';

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

/** An action the caller may read, authorised through its item's stored project (else 404). */
async function readableAction(ctx: AppContext, user: UserRow, id: string) {
  const [found] = await ctx.db
    .select({ row: contentActions, projectId: contents.projectId })
    .from(contentActions)
    .innerJoin(contents, eq(contents.id, contentActions.contentId))
    .where(eq(contentActions.id, id))
    .limit(1);
  if (!found) throw AppError.notFound();
  return { row: found.row, ...(await readableProject(ctx, user, found.projectId)) };
}

export async function listActions(ctx: AppContext, user: UserRow, contentId: string, query: ListQuery): Promise<ListResponse<ContentAction>> {
  await readableContent(ctx, user, contentId);
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
  user: UserRow,
  contentId: string,
  input: z.output<typeof contentActionBody>,
): Promise<ContentAction> {
  const { permissions } = await readableContent(ctx, user, contentId);
  demand(permissions.canUpdateSubProject);
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
  user: UserRow,
  id: string,
  input: z.output<typeof contentActionBody>,
): Promise<ContentAction> {
  const { row: current, permissions } = await readableAction(ctx, user, id);
  demand(permissions.canUpdateSubProject);
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

export async function deleteAction(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { row, permissions } = await readableAction(ctx, user, id);
  demand(permissions.canUpdateSubProject);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(contentActions).where(eq(contentActions.id, id));
    await touchContent(tx, row.contentId, now);
  });
}
