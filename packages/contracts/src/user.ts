import { z } from 'zod';
import { emailAddress, oneOf, strictObject, text } from './fields';
import { defineList } from './list';
import { messages } from './messages';
import { currentPasswordSchema, newPasswordSchema, withPasswordConfirmation } from './password';

export const userStatuses = ['pending', 'active', 'blocked', 'locked'] as const;
const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A user as the API answers it; never carries a password hash. */
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

/** Statuses a form may set: pending and locked are reached by the system. */
export const editableUserStatuses = ['active', 'blocked'] as const;
const editableUserStatusSchema = oneOf('Status', editableUserStatuses);

export const DEFAULT_USER_STATUS = 'active' as const;
export const DEFAULT_USER_MFA = true;

const displayName = text('Name', 3, 255);
const flag = (field: string) => z.boolean({ error: messages.oneOf(field, ['true', 'false']) });

/**
 * POST /user (super users). Without a password the user sets one with the invitation code
 * e-mailed on creation; with one, it must follow the password rules and match its confirmation.
 */
export const createUserBody = strictObject({
    display_name: displayName,
    email: emailAddress(3, 255),
    password: newPasswordSchema.optional(),
    password_validator: z.string().optional(),
    status: editableUserStatusSchema.default(DEFAULT_USER_STATUS),
    is_mfa_enabled: flag('MFA').default(DEFAULT_USER_MFA),
  })
  
  .refine((value) => value.password === undefined || value.password === value.password_validator, {
    error: messages.matches('Confirm Password', 'Password'),
    path: ['password_validator'],
  });
export type CreateUserBody = z.input<typeof createUserBody>;

/** PUT /user/{id}: the profile fields a user edits. */
export const updateUserBody = strictObject({ display_name: displayName });
export type UpdateUserBody = z.input<typeof updateUserBody>;

const newPasswordFields = {
  password: newPasswordSchema,
  password_validator: z.string({ error: messages.matches('Confirm Password', 'Password') }),
};

/**
 * PUT /user/{id}/password. Changing one's own password needs the current one (`ownPasswordBody`):
 * a session left open on a shared computer must not be enough to take the account. A super user
 * setting another user's password sends none.
 */
export const updateUserPasswordBody = withPasswordConfirmation(
  strictObject({ current_password: currentPasswordSchema.optional(), ...newPasswordFields }),
);
export const ownPasswordBody = withPasswordConfirmation(strictObject({ current_password: currentPasswordSchema, ...newPasswordFields }));
export type UpdateUserPasswordBody = z.input<typeof updateUserPasswordBody>;
export type OwnPasswordBody = z.input<typeof ownPasswordBody>;

/** PUT /user/{id}/privilege (super users, never on themselves). */
export const updateUserPrivilegeBody = strictObject({
    status: editableUserStatusSchema,
    email: emailAddress(5, 255),
    is_super_user: flag('Super User'),
    is_mfa_enabled: flag('MFA'),
  })
  ;
export type UpdateUserPrivilegeBody = z.input<typeof updateUserPrivilegeBody>;

export const RESET_CONFIRMATION_MESSAGE = 'Confirm that you want to reset this code';

/** PUT /user/{id}/reset: issue a new reset code; the tick must be set. */
export const updateUserResetBody = strictObject({
    send_email: z.boolean({ error: messages.oneOf('Send Email', ['true', 'false']) }).default(true),
    confirmed: z.literal(true, { error: RESET_CONFIRMATION_MESSAGE }),
  })
  ;
export type UpdateUserResetBody = z.input<typeof updateUserResetBody>;

/** A password reset request as super users see it; null when there is none. */
const passwordResetRequestSchema = z.object({
  code: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  send_email: z.boolean(),
  confirmed: z.boolean(),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

const invitationSchema = z.object({
  code: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const userList = defineList({
  sortable: ['display_name', 'email', 'status', 'updated_at', 'created_at'],
  filters: {
    display_name: { kind: 'text' },
    email: { kind: 'text' },
    status: { kind: 'select', values: userStatuses },
    updated_at: { kind: 'date' },
  },
});

/** GET/PUT /user/{id}/reset: the newest live reset request, or null. */
export const userResetAnswerSchema = z.object({ reset_request: passwordResetRequestSchema.nullable() });
export type UserResetAnswer = z.infer<typeof userResetAnswerSchema>;

/** GET /user/{id}/invite: the newest live invitation, or null. */
export const userInviteAnswerSchema = z.object({ invitation: invitationSchema.nullable() });
export type UserInviteAnswer = z.infer<typeof userInviteAnswerSchema>;
