import { can, type Role } from './roles';

/**
 * Who may do what (console.md §6, project-areas §6), defined once. The server calls these on every
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
    canCreateProject: can(role, 'create'),
    canAddMember: can(role, 'create'),
    canDeleteMember: can(role, 'delete'),
    /** 'Join this Workspace': a super user without the workspace's delete (project deletion) rights. */
    canJoin: superUser && !can(role, 'delete'),
    canCreateApiKey: can(role, 'delete'),
    canDeleteApiKey: can(role, 'delete'),
    canUpdateApiKey: can(role, 'update'),
  };
}
export type WorkspacePermissions = ReturnType<typeof workspacePermissions>;

/** Project-area flags (project-areas §6) from the caller's effective project role. */
export function projectPermissions(actor: Pick<Actor, 'is_super_user'>, role: Role | null | undefined) {
  return {
    canRead: can(role, 'read'),
    canCreateSubProject: can(role, 'create'),
    canUpdateSubProject: can(role, 'update'),
    canDeleteSubProject: can(role, 'delete'),
    canUpdateProject: can(role, 'update'),
    canDeleteProject: can(role, 'delete'),
    /** Adding a project member. */
    canCreateProject: can(role, 'create'),
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
