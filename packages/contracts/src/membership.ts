import { z } from 'zod';
import { emailAddress, strictObject } from './fields';
import { defineList } from './list';
import { DEFAULT_MEMBERSHIP_ROLE, roleSchema, roles } from './roles';

/** A member of a workspace (or project), with the user's name and e-mail. */
export const membershipSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  display_name: z.string(),
  email: z.string(),
  role: roleSchema,
  updated_at: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** POST /workspace/{id}/membership: an existing user by e-mail. */
export const createMembershipBody = strictObject({
  email: emailAddress(4, 256),
  role: roleSchema.default(DEFAULT_MEMBERSHIP_ROLE),
});
export type CreateMembershipBody = z.input<typeof createMembershipBody>;

/** POST /workspace/{id}/membership/self: a super user joins. */
export const joinWorkspaceBody = strictObject({ role: roleSchema.default(DEFAULT_MEMBERSHIP_ROLE) });
export type JoinWorkspaceBody = z.input<typeof joinWorkspaceBody>;

export const membershipList = defineList({
  sortable: ['display_name', 'email', 'role', 'updated_at'],
  filters: {
    display_name: { kind: 'text' },
    email: { kind: 'text' },
    role: { kind: 'select', values: roles },
  },
});

/**
 * A row of a project's member list: everyone with a role here, directly (`role`,
 * with the project membership's `id`) or through the workspace (`inherited_role`). A row without a
 * direct role has no `id` and cannot be deleted: the person is removed in the workspace instead. Adding one takes the same
 * body as a workspace's (`createMembershipBody`).
 */
export const projectMembershipSchema = z.object({
  id: z.string().nullable(),
  user_id: z.string(),
  display_name: z.string(),
  email: z.string(),
  role: roleSchema.nullable(),
  inherited_role: roleSchema.nullable(),
  updated_at: z.string(),
});
export type ProjectMembership = z.infer<typeof projectMembershipSchema>;

export const projectMembershipList = defineList({
  sortable: ['display_name', 'email', 'role', 'inherited_role', 'updated_at'],
  filters: {
    display_name: { kind: 'text' },
    email: { kind: 'text' },
    role: { kind: 'select', values: roles },
    inherited_role: { kind: 'select', values: roles },
  },
});
