import { z } from 'zod';
import { LOGIN_RATE_WINDOW_MS, MFA_CODE_LENGTH, RESET_MAILS_PER_ACCOUNT, TOKEN_CODE_LENGTH } from './constants';
import { emailAddress, exactText, text } from './fields';
import { messages } from './messages';
import { newPasswordSchema, signInPasswordSchema, withPasswordConfirmation } from './password';

/** Sign-in payloads and answers. */

const EMAIL_MIN = 3;
const EMAIL_MAX = 255;
export const emailSchema = emailAddress(EMAIL_MIN, EMAIL_MAX);

export const loginPasswordBody = z.object({
  email: emailSchema,
  password: signInPasswordSchema,
});
export type LoginPasswordBody = z.input<typeof loginPasswordBody>;

export const loginMfaBody = z.object({
  email: emailSchema,
  token_code: exactText('Code', MFA_CODE_LENGTH),
});
export type LoginMfaBody = z.input<typeof loginMfaBody>;

export const loginForgotBody = z.object({ email: emailSchema });
export type LoginForgotBody = z.input<typeof loginForgotBody>;

export const loginResetBody = withPasswordConfirmation(
  z.object({
    email: emailSchema,
    token_code: exactText('Code', TOKEN_CODE_LENGTH),
    password: newPasswordSchema,
    password_validator: z.string({ error: messages.matches('Confirm Password', 'Password') }),
  }),
);
export type LoginResetBody = z.input<typeof loginResetBody>;

const TERMS_FIELD = 'Agreement to the terms of use';
export const loginInviteBody = withPasswordConfirmation(
  z.object({
    email: emailSchema,
    token_code: exactText('Code', TOKEN_CODE_LENGTH),
    password: newPasswordSchema,
    password_validator: z.string({ error: messages.matches('Confirm Password', 'Password') }),
    agree_tos: z.literal(true, { error: messages.exactValue(TERMS_FIELD, 'true') }),
  }),
);
export type LoginInviteBody = z.input<typeof loginInviteBody>;

export const loginRefreshBody = z.object({
  refresh_token: text('Refresh Token', 1, 512),
});

/**
 * Answer of the sign-in calls. When MFA is required, `token` equals `refresh_token`:
 * a pending-MFA token that is good only for /login/mfa.
 */
export const loginResult = z.object({
  user_id: z.string().nullable(),
  token: z.string().nullable(),
  refresh_token: z.string().nullable(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const refreshResult = z.object({
  token: z.string(),
  refresh_token: z.string(),
});
export type RefreshResult = z.infer<typeof refreshResult>;

/** What the console keeps in local storage under AUTH_STORAGE_KEY. */
export const authStorageSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
});
export type AuthStorage = z.infer<typeof authStorageSchema>;

export function isMfaPending(result: LoginResult): boolean {
  return result.token != null && result.token === result.refresh_token;
}

/** Console messages of the sign-in steps. */
export const loginMessages = {
  mfaRequired: 'MFA required - an email has been sent to the account holder.',
  forgotSent: 'An email has been sent to the account holder.',
  // Said after every forgot call, known account or not, so it reveals nothing.
  forgotLimit: `At most ${RESET_MAILS_PER_ACCOUNT} reset codes are sent to an account every ${LOGIN_RATE_WINDOW_MS / 60_000} minutes.`,
  hint: (detail: string) => `Hint: ${detail}`,
} as const;
