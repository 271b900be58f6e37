import { MFA_CODE_TTL_MS, RESET_CODE_TTL_MS } from '@console/contracts';
import type { Mail } from '../../platform/mail';

/** Sign-in mails. Each carries the code and a link to the console step that takes it. */

const link = (publicUrl: string, step: string, email: string, code: string) =>
  `${publicUrl}/login/${step}/${encodeURIComponent(email)}/${code}`;
const minutes = (ms: number) => Math.round(ms / 60_000);

export function mfaMail(publicUrl: string, email: string, code: string): Mail {
  return {
    to: email,
    subject: 'Your sign-in code',
    text: [
      `Your sign-in code is ${code}.`,
      `It expires in ${minutes(MFA_CODE_TTL_MS)} minutes. Continue here: ${link(publicUrl, 'mfa', email, code)}`,
      'If you did not try to sign in, change your password.',
    ].join('\n\n'),
  };
}

export function resetMail(publicUrl: string, email: string, code: string): Mail {
  return {
    to: email,
    subject: 'Reset your password',
    text: [
      `Your password reset code is ${code}.`,
      `It expires in ${minutes(RESET_CODE_TTL_MS)} minutes. Choose a new password here: ${link(publicUrl, 'reset', email, code)}`,
      'If you did not ask for this, ignore this message.',
    ].join('\n\n'),
  };
}

export function invitationMail(publicUrl: string, email: string, code: string): Mail {
  return {
    to: email,
    subject: 'You are invited to the console',
    text: [
      `Your invitation code is ${code}.`,
      `Accept the invitation and choose a password here: ${link(publicUrl, 'invite', email, code)}`,
    ].join('\n\n'),
  };
}
