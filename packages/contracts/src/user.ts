import { z } from 'zod';

export const userStatuses = ['pending', 'active', 'blocked', 'locked'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A user as the API answers it (console.md §3); never carries a password hash. */
export const userSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  email: z.string(),
  status: userStatusSchema,
  is_super_user: z.boolean(),
  is_mfa_enabled: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
