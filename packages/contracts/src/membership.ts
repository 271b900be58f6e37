import { z } from 'zod';
import { strictObject, text } from './fields';
import { defineList } from './list';
import { DEFAULT_MEMBERSHIP_ROLE, roleSchema, roles } from './roles';

/** A member of a workspace (or project), with the user's name and e-mail (console.md §3). */
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
    email: text('Email', 4, 256).transform((value) => value.trim().toLowerCase()),
    role: roleSchema.default(DEFAULT_MEMBERSHIP_ROLE),
  })
  ;
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
