import { and, count, eq } from 'drizzle-orm';
import {
  canDeleteMembershipRow,
  membershipList,
  roleGrantMessages,
  type createMembershipBody,
  type joinWorkspaceBody,
  type ListQuery,
  type ListResponse,
  type Membership,
  type Role,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { users, workspaceMemberships, type UserRow } from '../../db/schema/index';
import { actorOf, demand, demandRoleGrant, type ProjectAccess, type WorkspaceAccess } from '../../platform/access';
import { AppError, refusingDuplicates } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { recordAudit } from '../audit/record';
import { findUserByEmail } from '../user/service';

export const membershipMessages = {
  unknownEmail: 'No user with this email exists.',
  alreadyMember: 'This user is already a member.',
} as const;

const membershipFields = {
  id: workspaceMemberships.id,
  user_id: workspaceMemberships.userId,
  display_name: users.displayName,
  email: users.email,
  role: workspaceMemberships.role,
  updatedAt: workspaceMemberships.updatedAt,
};

function toMembership(row: { id: string; user_id: string; display_name: string; email: string; role: Membership['role']; updatedAt: Date }): Membership {
  const { updatedAt, ...rest } = row;
  return { ...rest, updated_at: updatedAt.toISOString() };
}

async function readMembership(ctx: AppContext, id: string): Promise<Membership> {
  const [row] = await ctx.db
    .select(membershipFields)
    .from(workspaceMemberships)
    .innerJoin(users, eq(users.id, workspaceMemberships.userId))
    .where(eq(workspaceMemberships.id, id))
    .limit(1);
  if (!row) throw AppError.notFound();
  return toMembership(row);
}

/** The members of the workspace the route's access declaration checked. */
export async function listMemberships(ctx: AppContext, { workspace }: WorkspaceAccess, query: ListQuery): Promise<ListResponse<Membership>> {
  const page = await listPage(
    membershipList,
    query,
    {
      display_name: users.displayName,
      email: users.email,
      role: workspaceMemberships.role,
      updated_at: workspaceMemberships.updatedAt,
    },
    {
      rows: ctx.db
        .select(membershipFields)
        .from(workspaceMemberships)
        .innerJoin(users, eq(users.id, workspaceMemberships.userId))
        .$dynamic(),
      count: ctx.db
        .select({ total: count() })
        .from(workspaceMemberships)
        .innerJoin(users, eq(users.id, workspaceMemberships.userId))
        .$dynamic(),
      where: eq(workspaceMemberships.workspaceId, workspace.id),
      id: workspaceMemberships.id,
    },
  );
  return { records: page.records.map(toMembership), total: page.total };
}

/**
 * Writes a new membership; an existing one for the pair is refused with `taken`. Checked by the
 * unique pair constraint, so two concurrent writers cannot both succeed.
 */
async function insertMembership(
  ctx: AppContext,
  workspace: WorkspaceAccess['workspace'],
  member: Pick<UserRow, 'id' | 'email'>,
  role: Role,
  taken: AppError,
): Promise<Membership> {
  const now = ctx.now();
  const [row] = await refusingDuplicates(
    () =>
      ctx.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(workspaceMemberships)
          .values({ workspaceId: workspace.id, userId: member.id, role, createdAt: now, updatedAt: now })
          .returning({ id: workspaceMemberships.id });
        await recordAudit({ ...ctx, db: tx }, { action: 'membership.granted', ...auditedWorkspaceMember(workspace, member, role) });
        return inserted;
      }),
    taken,
  );
  return readMembership(ctx, row!.id);
}

/** How the audit log names a workspace role: on the workspace, for whom. */
function auditedWorkspaceMember(workspace: WorkspaceAccess['workspace'], member: Pick<UserRow, 'id' | 'email'>, role: Role) {
  return {
    resourceType: 'workspace',
    resourceId: workspace.id,
    resourceLabel: workspace.displayName,
    workspaceId: workspace.id,
    details: { user_id: member.id, email: member.email, role },
  } as const;
}

/**
 * The existing user an Add Member call names by e-mail (404 when none), once the role may be granted
 * to them: at most the caller's own role on the resource, never to the caller themself. Workspace and
 * project memberships alike.
 */
export async function granteeOf(
  ctx: AppContext,
  caller: UserRow,
  { role, permissions }: Pick<WorkspaceAccess | ProjectAccess, 'role' | 'permissions'>,
  input: z.output<typeof createMembershipBody>,
): Promise<UserRow> {
  const member = await findUserByEmail(ctx.db, input.email);
  if (!member) throw AppError.notFound(membershipMessages.unknownEmail);
  demandRoleGrant(role, permissions.grantableRoles, { role: input.role, toSelf: member.id === caller.id });
  return member;
}

/**
 * Adds an existing user by e-mail to the workspace the route checked (its declaration: canAddMember),
 * at most with the caller's own role.
 */
export async function addMember(
  ctx: AppContext,
  user: UserRow,
  { workspace, role, permissions }: WorkspaceAccess,
  input: z.output<typeof createMembershipBody>,
): Promise<Membership> {
  const member = await granteeOf(ctx, user, { role, permissions }, input);
  return insertMembership(ctx, workspace, member, input.role, AppError.conflict(membershipMessages.alreadyMember));
}

/** 'Join this Workspace': a super user without a role here takes one (changing an own role is refused). */
export async function joinWorkspace(
  ctx: AppContext,
  user: UserRow,
  { workspace, role, permissions }: WorkspaceAccess,
  input: z.output<typeof joinWorkspaceBody>,
): Promise<Membership> {
  demandRoleGrant(role, permissions.joinableRoles, { role: input.role, toSelf: true });
  // A concurrent join got there first: the caller has a role now.
  return insertMembership(ctx, workspace, user, input.role, AppError.forbidden(roleGrantMessages.ownRole));
}

/** Workspace admins remove a member; never their own row; the row must belong to this workspace (else 404). */
export async function deleteMember(ctx: AppContext, user: UserRow, { workspace, permissions }: WorkspaceAccess, membershipId: string): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(workspaceMemberships)
    .where(and(eq(workspaceMemberships.id, membershipId), eq(workspaceMemberships.workspaceId, workspace.id)))
    .limit(1);
  if (!row) throw AppError.notFound();
  demand(canDeleteMembershipRow(permissions.canDeleteMember, actorOf(user), { user_id: row.userId, role: row.role }));
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId));
    const [deleted] = await tx.delete(workspaceMemberships).where(eq(workspaceMemberships.id, row.id)).returning({ id: workspaceMemberships.id });
    if (deleted && member) await recordAudit({ ...ctx, db: tx }, { action: 'membership.removed', ...auditedWorkspaceMember(workspace, member, row.role) });
  });
}
