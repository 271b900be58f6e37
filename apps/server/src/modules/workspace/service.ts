import { and, count, eq, sql } from 'drizzle-orm';
import {
  workspaceList,
  type createWorkspaceBody,
  type ListQuery,
  type ListResponse,
  type Role,
  type updateWorkspaceBody,
  type Workspace,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { workspaceMemberships, workspaces, type UserRow } from '../../db/schema/index';
import type { WorkspaceAccess, WorkspaceRow } from '../../platform/access';
import { recordAudit } from '../audit/record';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';

export function toWorkspace(row: WorkspaceRow, role: Role | null): Workspace {
  return {
    id: row.id,
    display_name: row.displayName,
    description: row.description,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    role,
  };
}

/** Super users see every workspace (role = their membership or null); others only their own. */
export async function listWorkspaces(ctx: AppContext, user: UserRow, query: ListQuery): Promise<ListResponse<Workspace>> {
  const membership = and(eq(workspaceMemberships.workspaceId, workspaces.id), eq(workspaceMemberships.userId, user.id));
  const visible = user.isSuperUser ? undefined : sql`${workspaceMemberships.id} IS NOT NULL`;
  const page = await listPage(
    workspaceList,
    query,
    {
      display_name: workspaces.displayName,
      status: workspaces.status,
      updated_at: workspaces.updatedAt,
      created_at: workspaces.createdAt,
    },
    {
      rows: ctx.db
        .select({ workspace: workspaces, role: workspaceMemberships.role })
        .from(workspaces)
        .leftJoin(workspaceMemberships, membership)
        .$dynamic(),
      count: ctx.db.select({ total: count() }).from(workspaces).leftJoin(workspaceMemberships, membership).$dynamic(),
      where: visible,
      id: workspaces.id,
    },
  );
  return { records: page.records.map((row) => toWorkspace(row.workspace, row.role)), total: page.total };
}

export async function createWorkspace(ctx: AppContext, input: z.output<typeof createWorkspaceBody>): Promise<Workspace> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(workspaces)
      .values({
        displayName: input.display_name,
        description: input.description,
        status: input.status,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('insert returned no workspace');
    await recordAudit({ ...ctx, db: tx }, { action: 'workspace.created', ...auditedWorkspace(created) });
    return created;
  });
  return toWorkspace(row, null);
}

/** Updates the workspace the route's access declaration checked. */
export async function updateWorkspace(
  ctx: AppContext,
  { workspace, role }: WorkspaceAccess,
  input: z.output<typeof updateWorkspaceBody>,
): Promise<Workspace> {
  const [row] = await ctx.db
    .update(workspaces)
    .set({ displayName: input.display_name, description: input.description, status: input.status, updatedAt: ctx.now() })
    .where(eq(workspaces.id, workspace.id))
    .returning();
  if (!row) throw AppError.notFound();
  return toWorkspace(row, role);
}

/** Projects, deployments, memberships and API keys go with it (foreign-key cascades). */
export async function deleteWorkspace(ctx: AppContext, workspaceId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(workspaces).where(eq(workspaces.id, workspaceId)).returning();
    if (deleted) await recordAudit({ ...ctx, db: tx }, { action: 'workspace.deleted', ...auditedWorkspace(deleted) });
  });
}

/** How the audit log names a workspace. */
function auditedWorkspace(workspace: { id: string; displayName: string }) {
  return { resourceType: 'workspace', resourceId: workspace.id, resourceLabel: workspace.displayName, workspaceId: workspace.id } as const;
}

