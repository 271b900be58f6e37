import { and, eq } from 'drizzle-orm';
import { canAdminister, projectPermissions, roleGrantRefusal, workspacePermissions, type Actor, type Role } from '@console/contracts';
import type { AppContext } from '../context';
import { projectIsComplete, projects, workspaces, type ProjectRow, type UserRow } from '../db/schema/index';
import { findProjectRole, findWorkspaceRole } from '../modules/session/service';
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

/**
 * 403 with the rule's message unless the caller may give this role: never above their own effective
 * role on the resource, admin only by an admin, never to themselves once they have a role there.
 */
export function demandRoleGrant(...grant: Parameters<typeof roleGrantRefusal>): void {
  const refusal = roleGrantRefusal(...grant);
  if (refusal) throw AppError.forbidden(refusal);
}

export interface ProjectAccess {
  project: ProjectRow;
  role: Role | null;
  permissions: ReturnType<typeof projectPermissions>;
}

/**
 * Loads a project the caller may read (else 404) with the caller's rights on it: any role on the
 * project (its own or inherited from the workspace), or a super user, who reads every project but
 * writes only where a role allows. Every project-area route calls this, with the project id of the
 * record it touches as stored, never as sent.
 */
export async function readableProject(ctx: AppContext, user: UserRow, projectId: string): Promise<ProjectAccess> {
  const [project] = await ctx.db.select().from(projects).where(and(eq(projects.id, projectId), projectIsComplete())).limit(1);
  if (!project) throw AppError.notFound();
  const role = await findProjectRole(ctx, user.id, project);
  const permissions = projectPermissions(actorOf(user), role);
  if (!permissions.canRead && !canAdminister(actorOf(user))) throw AppError.notFound();
  return { project, role, permissions };
}
