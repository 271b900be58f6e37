import { errorDetails } from './errors';
import { can, isRoleWithin, roles, type Role } from './roles';

/**
 * Who may do what, defined once. The server calls these on every
 * route with the caller's effective role on the resource; the console calls them to show buttons.
 */

export interface Actor {
  id: string;
  is_super_user: boolean;
}

/** Workspace-level rights follow the workspace role; super users alone create and delete workspaces. */
export function workspacePermissions(actor: Pick<Actor, 'is_super_user'>, role: Role | null | undefined) {
  const superUser = actor.is_super_user;
  return {
    canRead: superUser || can(role, 'read'),
    // Super users manage every workspace's details from Workspace Management.
    canUpdate: superUser || can(role, 'update'),
    canDelete: superUser,
    /** Create Project and Import Project in this workspace. */
    canCreateProject: can(role, 'create'),
    canAddMember: can(role, 'create'),
    /** The roles 'Add Member' may give. */
    grantableRoles: grantableRoles(role),
    canDeleteMember: can(role, 'delete'),
    /** 'Join this Workspace': a super user without a role here (one with a role would be changing it). */
    canJoin: joinableRoles(actor, role).length > 0,
    /** The roles 'Join this Workspace' may take. */
    joinableRoles: joinableRoles(actor, role),
    canCreateApiKey: can(role, 'delete'),
    canDeleteApiKey: can(role, 'delete'),
    canUpdateApiKey: can(role, 'update'),
    /** The workspace's audit log: its admins, and super users (who also read every entry from the admin panel). */
    canReadAudit: superUser || can(role, 'delete'),
  };
}
export type WorkspacePermissions = ReturnType<typeof workspacePermissions>;

/** Project-area flags from the caller's effective project role. */
export function projectPermissions(actor: Pick<Actor, 'is_super_user'>, role: Role | null | undefined) {
  return {
    canRead: can(role, 'read'),
    canCreateSubProject: can(role, 'create'),
    canUpdateSubProject: can(role, 'update'),
    canDeleteSubProject: can(role, 'delete'),
    canUpdateProject: can(role, 'update'),
    // What is kept of visitors, and for how long, is the project admins' to decide.
    canUpdatePrivacy: can(role, 'delete'),
    /** Erasing conversations for good (a visitor's request to be forgotten) is theirs too. */
    canEraseConversations: can(role, 'delete'),
    canDeleteProject: can(role, 'delete'),
    /** Deploy past a deployment's "Require passing tests", with a reason (project admins). */
    canOverrideDeployGate: can(role, 'delete'),
    /**
     * 'Add Member' on the project (POST /project/{id}/membership): the create right, editors and
     * admins. It creates no project: the name is the product specification's flag for this right,
     * kept so a route's declaration can be checked against its permission list (docs/decisions.md).
     */
    canCreateProject: can(role, 'create'),
    /** The roles 'Add Member' may give. */
    grantableRoles: grantableRoles(role),
    isSuperUser: actor.is_super_user,
  };
}
export type ProjectPermissions = ReturnType<typeof projectPermissions>;

/** Rights over a user record: ordinary users only their own profile; nobody acts on their own privileges. */
export function userPermissions(actor: Actor, targetUserId: string) {
  const self = actor.id === targetUserId;
  const superUser = actor.is_super_user;
  return {
    canView: superUser || self,
    canEditProfile: superUser || self,
    canChangePassword: superUser || self,
    canSetPrivileges: superUser && !self,
    canDelete: superUser && !self,
    canReset: superUser && !self,
    /** Password reset request and invitation panels (codes). */
    canSeeCodes: superUser && !self,
  };
}
export type UserPermissions = ReturnType<typeof userPermissions>;

/** The Admin Panel, the user list and user creation are for super users alone. */
export function canAdminister(actor: Pick<Actor, 'is_super_user'>): boolean {
  return actor.is_super_user;
}

/** A membership row can be deleted with delete rights, never one's own, never a row without a role. */
export function canDeleteMembershipRow(
  canDeleteMember: boolean,
  actor: Pick<Actor, 'id'>,
  row: { user_id: string; role: Role | null | '' },
): boolean {
  return canDeleteMember && row.user_id !== actor.id && Boolean(row.role);
}

/** Why a role is refused; the server answers them with 403, the console never offers such a role. */
export const roleGrantMessages = {
  ownRole: 'You cannot change your own role.',
  adminOnly: 'Only an admin can grant the admin role.',
} as const;

/**
 * The roles a member may give others on a resource where their effective role is `role`: none
 * without the create right, and never one above their own, so only an admin grants admin.
 */
export function grantableRoles(role: Role | null | undefined): Role[] {
  if (!role || !can(role, 'create')) return [];
  return roles.filter((candidate) => isRoleWithin(candidate, role));
}

/**
 * The roles a super user may take by joining a workspace where they have no role: any, admin
 * included, since a super user may already delete the whole workspace. Anyone with a role here
 * would be changing their own role, which nobody may.
 */
export function joinableRoles(actor: Pick<Actor, 'is_super_user'>, role: Role | null | undefined): Role[] {
  return actor.is_super_user && !role ? [...roles] : [];
}

/**
 * Why giving `grant.role` is refused, or null when it is allowed. `callerRole` is the caller's
 * effective role on the resource, `grantable` the roles they may give there (grantableRoles or
 * joinableRoles), `toSelf` whether the role would be the caller's own: nobody changes their own role.
 */
export function roleGrantRefusal(
  callerRole: Role | null | undefined,
  grantable: readonly Role[],
  grant: { role: Role; toSelf: boolean },
): string | null {
  if (grant.toSelf && callerRole) return roleGrantMessages.ownRole;
  if (grantable.includes(grant.role)) return null;
  if (grantable.length === 0) return errorDetails.forbidden;
  // Whoever may grant at all is an editor or an admin, so the one role above theirs is admin.
  return roleGrantMessages.adminOnly;
}
