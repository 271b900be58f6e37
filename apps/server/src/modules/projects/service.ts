import { count, eq } from 'drizzle-orm';
import {
  DEFAULT_DEPLOYMENT_NAME,
  canAdminister,
  projectList,
  projectPermissions,
  type createProjectBody,
  type ListQuery,
  type ListResponse,
  type ProjectSummary,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deployments, projects, type UserRow } from '../../db/schema/index';
import { actorOf, demand, readableWorkspace } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { randomToken } from '../../platform/secrets';
import { findProjectRole } from '../session/service';

type ProjectRow = typeof projects.$inferSelect;

export function toProjectSummary(row: ProjectRow): ProjectSummary {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    display_name: row.displayName,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    synced_at: row.syncedAt?.toISOString() ?? null,
  };
}

/** Every reader of the workspace sees all its projects. */
export async function listProjects(
  ctx: AppContext,
  user: UserRow,
  workspaceId: string,
  query: ListQuery,
): Promise<ListResponse<ProjectSummary>> {
  await readableWorkspace(ctx, user, workspaceId);
  const page = await listPage(
    projectList,
    query,
    {
      display_name: projects.displayName,
      updated_at: projects.updatedAt,
      created_at: projects.createdAt,
      synced_at: projects.syncedAt,
    },
    {
      rows: ctx.db.select().from(projects).$dynamic(),
      count: ctx.db.select({ total: count() }).from(projects).$dynamic(),
      where: eq(projects.workspaceId, workspaceId),
      id: projects.id,
    },
  );
  return { records: page.records.map(toProjectSummary), total: page.total };
}

/** A project starts with its 'Production' deployment, both written in one transaction. */
export async function createProject(
  ctx: AppContext,
  user: UserRow,
  workspaceId: string,
  input: z.output<typeof createProjectBody>,
): Promise<ProjectSummary> {
  const { permissions } = await readableWorkspace(ctx, user, workspaceId);
  demand(permissions.canCreateProject);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({ workspaceId, displayName: input.display_name, description: input.description, createdAt: now, updatedAt: now })
      .returning();
    if (!project) throw new Error('insert returned no project');
    // The widget's public identifier: random, so nobody can guess another customer's deployment.
    await tx
      .insert(deployments)
      .values({ projectId: project.id, displayName: DEFAULT_DEPLOYMENT_NAME, key: randomToken(24), createdAt: now, updatedAt: now });
    return project;
  });
  return toProjectSummary(row);
}

/**
 * A project the caller may read: any role on it (its own or the workspace's, the session's rule),
 * or a super user (who sees every workspace's project list). Otherwise 404.
 */
async function readableProject(ctx: AppContext, user: UserRow, id: string) {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!project) throw AppError.notFound();
  const role = await findProjectRole(ctx, user.id, project);
  const permissions = projectPermissions(actorOf(user), role);
  if (!permissions.canRead && !canAdminister(actorOf(user))) throw AppError.notFound();
  return { project, permissions };
}

export async function readProject(ctx: AppContext, user: UserRow, id: string): Promise<ProjectSummary> {
  return toProjectSummary((await readableProject(ctx, user, id)).project);
}

/** Deployments (and later the project's content) go with it through foreign-key cascades. */
export async function deleteProject(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { permissions } = await readableProject(ctx, user, id);
  demand(permissions.canDeleteProject);
  await ctx.db.delete(projects).where(eq(projects.id, id));
}
