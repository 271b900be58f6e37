import { count, eq } from 'drizzle-orm';
import {
  intentList,
  intentMessages,
  type Intent,
  type intentBody,
  type ListQuery,
  type ListResponse,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { intents, type IntentRow, type UserRow } from '../../db/schema/index';
import { demand, readableProject, type ProjectAccess } from '../../platform/access';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { listPage } from '../../platform/listing';

type IntentInput = z.output<typeof intentBody>;

export function toIntent(row: IntentRow): Intent {
  return {
    id: row.id,
    project_id: row.projectId,
    intent: row.intent,
    utterances: row.utterances,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Names are unique in a project regardless of case, by the unique index (so two writers cannot both win). */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(intentMessages.nameTaken);
    throw error;
  }
}

/** An intent with the caller's rights on its project (as stored); 404 when either is not readable. */
async function loadIntent(ctx: AppContext, user: UserRow, id: string): Promise<{ row: IntentRow } & ProjectAccess> {
  const [row] = await ctx.db.select().from(intents).where(eq(intents.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return { row, ...(await readableProject(ctx, user, row.projectId)) };
}

export async function listIntents(ctx: AppContext, user: UserRow, projectId: string, query: ListQuery): Promise<ListResponse<Intent>> {
  await readableProject(ctx, user, projectId);
  const page = await listPage(
    intentList,
    query,
    { intent: intents.intent, updated_at: intents.updatedAt, created_at: intents.createdAt },
    {
      rows: ctx.db.select().from(intents).$dynamic(),
      count: ctx.db.select({ total: count() }).from(intents).$dynamic(),
      where: eq(intents.projectId, projectId),
      id: intents.id,
    },
  );
  return { records: page.records.map(toIntent), total: page.total };
}

export async function createIntent(ctx: AppContext, user: UserRow, projectId: string, input: IntentInput): Promise<Intent> {
  const { project, permissions } = await readableProject(ctx, user, projectId);
  demand(permissions.canCreateSubProject);
  const now = ctx.now();
  const [row] = await withUniqueName(() =>
    ctx.db
      .insert(intents)
      .values({ projectId: project.id, intent: input.intent, utterances: input.utterances, createdAt: now, updatedAt: now })
      .returning(),
  );
  return toIntent(row!);
}

export async function readIntent(ctx: AppContext, user: UserRow, id: string): Promise<Intent> {
  return toIntent((await loadIntent(ctx, user, id)).row);
}

export async function updateIntent(ctx: AppContext, user: UserRow, id: string, input: IntentInput): Promise<Intent> {
  const { row, permissions } = await loadIntent(ctx, user, id);
  demand(permissions.canUpdateSubProject);
  const [updated] = await withUniqueName(() =>
    ctx.db
      .update(intents)
      .set({ intent: input.intent, utterances: input.utterances, updatedAt: ctx.now() })
      .where(eq(intents.id, row.id))
      .returning(),
  );
  if (!updated) throw AppError.notFound();
  return toIntent(updated);
}

export async function deleteIntent(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { row, permissions } = await loadIntent(ctx, user, id);
  demand(permissions.canDeleteSubProject);
  await ctx.db.delete(intents).where(eq(intents.id, row.id));
}
