import { and, eq } from 'drizzle-orm';
import { isStaffEmail, strongerRole, type Role, type Session } from '@console/contracts';
import type { AppContext } from '../../context';
import {
  deployments,
  projectMemberships,
  projectIsComplete,
  projects,
  workspaceMemberships,
  workspaces,
  type UserRow,
} from '../../db/schema/index';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything that is not a UUID cannot name an entity; checking first keeps bad ids away from SQL casts. */
const asId = (value: string | undefined) => (value && uuidPattern.test(value) ? value : null);

export async function findWorkspaceRole(ctx: AppContext, userId: string, workspaceId: string): Promise<Role | null> {
  const [row] = await ctx.db
    .select({ role: workspaceMemberships.role })
    .from(workspaceMemberships)
    .where(and(eq(workspaceMemberships.workspaceId, workspaceId), eq(workspaceMemberships.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** A project role is the stronger of the project membership and the role inherited from the workspace. */
export async function findProjectRole(
  ctx: AppContext,
  userId: string,
  project: { id: string; workspaceId: string },
): Promise<Role | null> {
  const [direct] = await ctx.db
    .select({ role: projectMemberships.role })
    .from(projectMemberships)
    .where(and(eq(projectMemberships.projectId, project.id), eq(projectMemberships.userId, userId)))
    .limit(1);
  return strongerRole(direct?.role, await findWorkspaceRole(ctx, userId, project.workspaceId));
}

async function readWorkspace(ctx: AppContext, userId: string, id: string | null) {
  if (!id) return { workspace: null, workspace_role: null };
  const [workspace] = await ctx.db
    .select({ id: workspaces.id, display_name: workspaces.displayName })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .limit(1);
  const role = workspace ? await findWorkspaceRole(ctx, userId, workspace.id) : null;
  // No role answers exactly like no workspace: the caller learns nothing about others' data.
  return role && workspace ? { workspace, workspace_role: role } : { workspace: null, workspace_role: null };
}

async function readProject(ctx: AppContext, userId: string, id: string | null) {
  if (!id) return { project: null, project_role: null };
  const [project] = await ctx.db.select().from(projects).where(and(eq(projects.id, id), projectIsComplete())).limit(1);
  const role = project ? await findProjectRole(ctx, userId, project) : null;
  if (!project || !role) return { project: null, project_role: null };
  return {
    project: { id: project.id, display_name: project.displayName, synced_at: project.syncedAt?.toISOString() ?? null },
    project_role: role,
  };
}

async function readDeployment(ctx: AppContext, userId: string, id: string | null) {
  if (!id) return { deployment: null, deployment_role: null };
  const [row] = await ctx.db
    .select({ deployment: deployments, workspaceId: projects.workspaceId })
    .from(deployments)
    .innerJoin(projects, eq(projects.id, deployments.projectId))
    .where(and(eq(deployments.id, id), projectIsComplete()))
    .limit(1);
  const role = row ? await findProjectRole(ctx, userId, { id: row.deployment.projectId, workspaceId: row.workspaceId }) : null;
  if (!row || !role) return { deployment: null, deployment_role: null };
  return {
    deployment: { id: row.deployment.id, deployed_at: row.deployment.deployedAt?.toISOString() ?? null },
    deployment_role: role,
  };
}

export async function readSession(
  ctx: AppContext,
  user: UserRow,
  query: { workspace?: string | undefined; project?: string | undefined; deployment?: string | undefined },
): Promise<Session> {
  return {
    version: ctx.version,
    user: {
      id: user.id,
      email: user.email,
      display_name: user.displayName,
      is_super_user: user.isSuperUser,
      is_staff: isStaffEmail(user.email, ctx.staffEmailDomain),
    },
    ...(await readWorkspace(ctx, user.id, asId(query.workspace))),
    ...(await readProject(ctx, user.id, asId(query.project))),
    ...(await readDeployment(ctx, user.id, asId(query.deployment))),
  };
}
