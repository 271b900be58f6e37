import { count, eq } from 'drizzle-orm';
import {
  DEFAULT_DEPLOYMENT_NAME,
  projectList,
  type createProjectBody,
  type ListQuery,
  type ListResponse,
  type ProjectSummary,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deployments, projects, type ProjectRow, type UserRow } from '../../db/schema/index';
import { demand, readableProject, readableWorkspace } from '../../platform/access';
import { listPage } from '../../platform/listing';
import { randomToken } from '../../platform/secrets';

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

export async function readProject(ctx: AppContext, user: UserRow, id: string): Promise<ProjectSummary> {
  return toProjectSummary((await readableProject(ctx, user, id)).project);
}

/** Deployments (and later the project's content) go with it through foreign-key cascades. */
export async function deleteProject(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { permissions } = await readableProject(ctx, user, id);
  demand(permissions.canDeleteProject);
  await ctx.db.delete(projects).where(eq(projects.id, id));
}
