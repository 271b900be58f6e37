import { count, eq } from 'drizzle-orm';
import {
  slotList,
  slotMessages,
  type Slot,
  type slotBody,
  type ListQuery,
  type ListResponse,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { slots, type SlotRow, type UserRow } from '../../db/schema/index';
import { demand, readableProject, type ProjectAccess } from '../../platform/access';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { listPage } from '../../platform/listing';

type SlotInput = z.output<typeof slotBody>;

export function toSlot(row: SlotRow): Slot {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    terms: row.terms,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Names are unique in a project regardless of case, by the unique index (so two writers cannot both win). */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(slotMessages.nameTaken);
    throw error;
  }
}

/** A slot with the caller's rights on its project (as stored); 404 when either is not readable. */
async function loadSlot(ctx: AppContext, user: UserRow, id: string): Promise<{ row: SlotRow } & ProjectAccess> {
  const [row] = await ctx.db.select().from(slots).where(eq(slots.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return { row, ...(await readableProject(ctx, user, row.projectId)) };
}

export async function listSlots(ctx: AppContext, user: UserRow, projectId: string, query: ListQuery): Promise<ListResponse<Slot>> {
  await readableProject(ctx, user, projectId);
  const page = await listPage(
    slotList,
    query,
    { name: slots.name, updated_at: slots.updatedAt, created_at: slots.createdAt },
    {
      rows: ctx.db.select().from(slots).$dynamic(),
      count: ctx.db.select({ total: count() }).from(slots).$dynamic(),
      where: eq(slots.projectId, projectId),
      id: slots.id,
    },
  );
  return { records: page.records.map(toSlot), total: page.total };
}

export async function createSlot(ctx: AppContext, user: UserRow, projectId: string, input: SlotInput): Promise<Slot> {
  const { project, permissions } = await readableProject(ctx, user, projectId);
  demand(permissions.canCreateSubProject);
  const now = ctx.now();
  const [row] = await withUniqueName(() =>
    ctx.db
      .insert(slots)
      .values({ projectId: project.id, name: input.name, terms: input.terms, createdAt: now, updatedAt: now })
      .returning(),
  );
  return toSlot(row!);
}

export async function readSlot(ctx: AppContext, user: UserRow, id: string): Promise<Slot> {
  return toSlot((await loadSlot(ctx, user, id)).row);
}

export async function updateSlot(ctx: AppContext, user: UserRow, id: string, input: SlotInput): Promise<Slot> {
  const { row, permissions } = await loadSlot(ctx, user, id);
  demand(permissions.canUpdateSubProject);
  const [updated] = await withUniqueName(() =>
    ctx.db
      .update(slots)
      .set({ name: input.name, terms: input.terms, updatedAt: ctx.now() })
      .where(eq(slots.id, row.id))
      .returning(),
  );
  if (!updated) throw AppError.notFound();
  return toSlot(updated);
}

export async function deleteSlot(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { row, permissions } = await loadSlot(ctx, user, id);
  demand(permissions.canDeleteSubProject);
  await ctx.db.delete(slots).where(eq(slots.id, row.id));
}
