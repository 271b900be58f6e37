import { and, count, eq, sql } from 'drizzle-orm';
import { readableProjectList, strongerRole, type ListQuery, type ListResponse, type ReadableProject } from '@console/contracts';
import type { AppContext } from '../../context';
import { projectIsComplete, projectMemberships, projects, workspaceMemberships, workspaces, type UserRow } from '../../db/schema/index';
import { listPage } from '../../platform/listing';
import { toProjectSummary } from './service';

/**
 * Every project the caller can read, across workspaces: those of the workspaces they are a member
 * of and those they were given a role on directly (super users: every project). The roles come from
 * the caller's own membership rows, joined on the caller's id, so no other user's access shows.
 */
export async function listReadableProjects(
  ctx: AppContext,
  user: UserRow,
  query: ListQuery,
): Promise<ListResponse<ReadableProject>> {
  const workspaceRole = and(eq(workspaceMemberships.workspaceId, projects.workspaceId), eq(workspaceMemberships.userId, user.id));
  const projectRole = and(eq(projectMemberships.projectId, projects.id), eq(projectMemberships.userId, user.id));
  const visible = user.isSuperUser
    ? undefined
    : sql`(${workspaceMemberships.id} IS NOT NULL OR ${projectMemberships.id} IS NOT NULL)`;
  const page = await listPage(
    readableProjectList,
    query,
    {
      display_name: projects.displayName,
      workspace_display_name: workspaces.displayName,
      // Compared as text: an id filter that is not a UUID matches nothing instead of failing the cast.
      workspace_id: sql`${projects.workspaceId}::text`,
      updated_at: projects.updatedAt,
      created_at: projects.createdAt,
      synced_at: projects.syncedAt,
    },
    {
      rows: ctx.db
        .select({
          project: projects,
          workspaceName: workspaces.displayName,
          workspaceRole: workspaceMemberships.role,
          projectRole: projectMemberships.role,
        })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .leftJoin(workspaceMemberships, workspaceRole)
        .leftJoin(projectMemberships, projectRole)
        .$dynamic(),
      count: ctx.db
        .select({ total: count() })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .leftJoin(workspaceMemberships, workspaceRole)
        .leftJoin(projectMemberships, projectRole)
        .$dynamic(),
      where: and(projectIsComplete(), visible),
      id: projects.id,
    },
  );
  return {
    records: page.records.map((row) => ({
      ...toProjectSummary(row.project),
      workspace_display_name: row.workspaceName,
      role: strongerRole(row.projectRole, row.workspaceRole),
    })),
    total: page.total,
  };
}
