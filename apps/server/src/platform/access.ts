import { eq } from 'drizzle-orm';
import { workspacePermissions, type Actor, type Role } from '@console/contracts';
import type { AppContext } from '../context';
import { workspaces, type UserRow } from '../db/schema/index';
import { findWorkspaceRole } from '../modules/session/service';
import { AppError } from './errors';

/**
 * The access rule of every workspace-scoped route: a caller who may not read the resource gets 404
 * (its existence is not revealed); a caller who may read it but lacks the right for the action gets 403.
 */

export function actorOf(user: UserRow): Actor {
  return { id: user.id, is_super_user: user.isSuperUser };
}

export type WorkspaceRow = typeof workspaces.$inferSelect;

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  role: Role | null;
  permissions: ReturnType<typeof workspacePermissions>;
}

/** Loads a workspace the caller may read (else 404) with the caller's role and rights on it. */
export async function readableWorkspace(ctx: AppContext, user: UserRow, workspaceId: string): Promise<WorkspaceAccess> {
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!workspace) throw AppError.notFound();
  const role = await findWorkspaceRole(ctx, user.id, workspace.id);
  const permissions = workspacePermissions(actorOf(user), role);
  if (!permissions.canRead) throw AppError.notFound();
  return { workspace, role, permissions };
}

/** 403 unless the right is granted (the caller already passed the read check). */
export function demand(allowed: boolean): void {
  if (!allowed) throw AppError.forbidden();
}
