import type { z } from 'zod';
import { messages } from './messages';
import { text } from './fields';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** A new password: 8-128 characters, one uppercase letter, one number, one special character. */
export const newPasswordSchema = text('Password', PASSWORD_MIN, PASSWORD_MAX)
  .regex(/[A-Z]/, { error: messages.uppercase('Password') })
  .regex(/[0-9]/, { error: messages.number('Password') })
  .regex(/[^A-Za-z0-9]/, { error: messages.special('Password') });

/** The password typed at sign-in: only its length is checked, the hash decides the rest. */
export const signInPasswordSchema = text('Password', PASSWORD_MIN, PASSWORD_MAX);

/** The password typed to confirm a change of it, checked like the one typed at sign-in. */
export const currentPasswordSchema = text('Current Password', PASSWORD_MIN, PASSWORD_MAX);

/** Confirmation must equal the password; the message names the confirmation field. */
export function withPasswordConfirmation<T extends z.ZodObject<{ password: z.ZodType<string>; password_validator: z.ZodType<string> }>>(
  schema: T,
) {
  return schema.refine((value) => value.password === value.password_validator, {
    error: messages.matches('Confirm Password', 'Password'),
    path: ['password_validator'],
  });
}
