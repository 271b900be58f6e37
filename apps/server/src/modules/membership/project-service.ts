import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  canDeleteMembershipRow,
  projectMembershipList,
  type createMembershipBody,
  type ListQuery,
  type ListResponse,
  type ProjectMembership,
  type Role,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { projectMemberships, users, workspaceMemberships, type ProjectRow, type UserRow } from '../../db/schema/index';
import { actorOf, demand, type ProjectAccess } from '../../platform/access';
import { AppError, refusingDuplicates } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { auditedProject, recordAudit } from '../audit/record';
import { projectRecordOf } from '../../platform/project-records';
import { granteeOf, membershipMessages } from './service';

/**
 * A project's member list: everyone with a role on the project, one row per person, with the direct
 * project role (`role`, and the project membership's `id`) beside the role inherited from the
 * workspace (`inherited_role`). Built in SQL so the list contract pages, sorts and filters it there.
 */

type Project = Pick<ProjectRow, 'id' | 'workspaceId'>;

const directRole = (project: Project) =>
  and(eq(projectMemberships.userId, users.id), eq(projectMemberships.projectId, project.id));
const inheritedRole = (project: Project) =>
  and(eq(workspaceMemberships.userId, users.id), eq(workspaceMemberships.workspaceId, project.workspaceId));

/** Changing either role changes the row. */
const rowUpdatedAt = sql<Date>`greatest(${projectMemberships.updatedAt}, ${workspaceMemberships.updatedAt})`.mapWith(
  projectMemberships.updatedAt,
);

const memberFields = {
  id: projectMemberships.id,
  user_id: users.id,
  display_name: users.displayName,
  email: users.email,
  role: projectMemberships.role,
  inherited_role: workspaceMemberships.role,
  updatedAt: rowUpdatedAt,
};

function memberRows(ctx: AppContext, project: Project) {
  return ctx.db
    .select(memberFields)
    .from(users)
    .leftJoin(projectMemberships, directRole(project))
    .leftJoin(workspaceMemberships, inheritedRole(project))
    .$dynamic();
}

/** The people with a role on the project, directly or through its workspace. */
function isMember(ctx: AppContext, project: Project) {
  return inArray(
    users.id,
    union(
      ctx.db.select({ userId: projectMemberships.userId }).from(projectMemberships).where(eq(projectMemberships.projectId, project.id)),
      ctx.db
        .select({ userId: workspaceMemberships.userId })
        .from(workspaceMemberships)
        .where(eq(workspaceMemberships.workspaceId, project.workspaceId)),
    ),
  );
}

function toProjectMembership(row: Omit<ProjectMembership, 'updated_at'> & { updatedAt: Date }): ProjectMembership {
  const { updatedAt, ...rest } = row;
  return { ...rest, updated_at: updatedAt.toISOString() };
}

/** The members of the project the route's access declaration checked. */
export async function listProjectMembers(ctx: AppContext, { project }: ProjectAccess, query: ListQuery): Promise<ListResponse<ProjectMembership>> {
  const page = await listPage(
    projectMembershipList,
    query,
    {
      display_name: users.displayName,
      email: users.email,
      role: projectMemberships.role,
      inherited_role: workspaceMemberships.role,
      updated_at: rowUpdatedAt,
    },
    {
      rows: memberRows(ctx, project),
      count: ctx.db
        .select({ total: count() })
        .from(users)
        .leftJoin(projectMemberships, directRole(project))
        .leftJoin(workspaceMemberships, inheritedRole(project))
        .$dynamic(),
      where: isMember(ctx, project),
      id: users.id,
    },
  );
  return { records: page.records.map(toProjectMembership), total: page.total };
}

/**
 * Gives an existing user a direct role on the project the route checked ('Add Member', its
 * declaration: canCreateProject), at most the caller's own effective role; never to the caller, who
 * would be changing their own role.
 */
export async function addProjectMember(
  ctx: AppContext,
  user: UserRow,
  { project, role, permissions }: ProjectAccess,
  input: z.output<typeof createMembershipBody>,
): Promise<ProjectMembership> {
  const member = await granteeOf(ctx, user, { role, permissions }, input);
  const now = ctx.now();
  // Checked by the unique pair constraint, so two concurrent adds cannot both succeed.
  await refusingDuplicates(
    () =>
      ctx.db.transaction(async (tx) => {
        await tx.insert(projectMemberships).values({ projectId: project.id, userId: member.id, role: input.role, createdAt: now, updatedAt: now });
        await recordAudit({ ...ctx, db: tx }, { action: 'membership.granted', ...auditedProjectMember(project, member, input.role) });
      }),
    AppError.conflict(membershipMessages.alreadyMember),
  );
  const [row] = await memberRows(ctx, project).where(eq(users.id, member.id)).limit(1);
  if (!row) throw AppError.notFound();
  return toProjectMembership(row);
}

/**
 * Removes a direct project role (project admins); never the caller's own, and the membership must be
 * one of this project's (else 404). A role inherited from the workspace is removed in the workspace.
 */
export async function deleteProjectMember(ctx: AppContext, user: UserRow, checked: ProjectAccess, membershipId: string): Promise<void> {
  const row = await projectRecordOf(ctx, projectMemberships, checked, membershipId);
  demand(canDeleteMembershipRow(checked.permissions.canDeleteProject, actorOf(user), { user_id: row.userId, role: row.role }));
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId));
    const [deleted] = await tx.delete(projectMemberships).where(eq(projectMemberships.id, row.id)).returning({ id: projectMemberships.id });
    if (deleted && member) await recordAudit({ ...ctx, db: tx }, { action: 'membership.removed', ...auditedProjectMember(checked.project, member, row.role) });
  });
}

/** How the audit log names a project role: on the project, for whom. */
function auditedProjectMember(project: ProjectAccess['project'], member: Pick<UserRow, 'id' | 'email'>, role: Role) {
  return { ...auditedProject(project), details: { user_id: member.id, email: member.email, role } };
}
