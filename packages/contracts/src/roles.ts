import { z } from 'zod';

/**
 * Roles and permissions, defined once:
 * the server checks them on every route and the console uses them to show buttons.
 */
export const roles = ['admin', 'editor', 'viewer'] as const;
export const roleSchema = z.enum(roles, { error: `Role must be one of ${roles.join(', ')}` });
export type Role = z.infer<typeof roleSchema>;

export const DEFAULT_MEMBERSHIP_ROLE: Role = 'viewer';

export type Action = 'read' | 'create' | 'update' | 'delete';

const allowed: Record<Action, readonly Role[]> = {
  read: ['admin', 'editor', 'viewer'],
  create: ['admin', 'editor'],
  update: ['admin', 'editor'],
  delete: ['admin'],
};

/** Whether a role allows an action; no role means no access. */
export function can(role: Role | null | undefined, action: Action): boolean {
  return role != null && allowed[action].includes(role);
}

const rank: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

/** Whether `role` is at most `ceiling`: admin > editor > viewer. */
export function isRoleWithin(role: Role, ceiling: Role): boolean {
  return rank[role] <= rank[ceiling];
}

/** The stronger of two roles: a project role is at least the role inherited from its workspace. */
export function strongerRole(a: Role | null | undefined, b: Role | null | undefined): Role | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}

/** Whether an e-mail belongs to the provider's staff (staging area), by the configured domain. */
export function isStaffEmail(email: string, staffDomain: string | null | undefined): boolean {
  if (!staffDomain) return false;
  return email.toLowerCase().endsWith(`@${staffDomain.toLowerCase()}`);
}
