import { and, count, eq, gt, min } from 'drizzle-orm';
import { CONTACT_MAX_MESSAGES_PER_ADDRESS, CONTACT_RATE_WINDOW_MS, type SupportMessage } from '@console/contracts';
import type { AppContext } from '../../context';
import { supportMessages, type UserRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { Mail } from '../../platform/mail';

/** Who wrote: a signed-in user, or someone signed out who gave only an address (Contact Us). */
type Sender = Pick<UserRow, 'displayName' | 'email'> | { email: string; displayName?: undefined };

function supportMail(to: string, sender: Sender, message: string): Mail {
  // A signed-out sender's address was typed, not proven: support reads that before answering.
  const from = sender.displayName ? `${sender.displayName} <${sender.email}>` : `${sender.email} (not signed in)`;
  return { to, subject: `Support request from ${from}`, text: `${message}\n\n-- \n${from}`, replyTo: sender.email };
}

/** Stores the message, then mails it to SUPPORT_EMAIL when one is configured (reply-to: the sender). */
async function storeAndMail(
  ctx: AppContext,
  record: { userId: string | null; senderEmail: string | null; senderAddress: string | null },
  sender: Sender,
  message: string,
): Promise<SupportMessage> {
  const [row] = await ctx.db
    .insert(supportMessages)
    .values({ ...record, message, createdAt: ctx.now() })
    .returning();
  if (!row) throw new Error('insert returned no support message');
  if (ctx.supportEmail) await ctx.mailer.send(supportMail(ctx.supportEmail, sender, message));
  return { id: row.id, created_at: row.createdAt.toISOString() };
}

export function sendSupportMessage(ctx: AppContext, user: UserRow, message: string): Promise<SupportMessage> {
  return storeAndMail(ctx, { userId: user.id, senderEmail: null, senderAddress: null }, user, message);
}

/**
 * A few signed-out messages per client address in a sliding window, counted on the stored messages
 * themselves, so every server process sees the same count: enough for a person to write again, too
 * few to flood the support inbox through an open form.
 */
async function assertContactNotThrottled(ctx: AppContext, clientAddress: string): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - CONTACT_RATE_WINDOW_MS);
  const [row] = await ctx.db
    .select({ sent: count(), oldest: min(supportMessages.createdAt) })
    .from(supportMessages)
    .where(and(eq(supportMessages.senderAddress, clientAddress), gt(supportMessages.createdAt, since)));
  if (!row || row.sent < CONTACT_MAX_MESSAGES_PER_ADDRESS || !row.oldest) return;
  // Free again once the oldest counted message leaves the window.
  const oldest = row.oldest instanceof Date ? row.oldest : new Date(row.oldest);
  throw AppError.tooManyAttempts((oldest.getTime() + CONTACT_RATE_WINDOW_MS - now.getTime()) / 1000);
}

/** Contact Us from the sign-in screen: the sender is known only by the e-mail address they gave. */
export async function sendContactMessage(
  ctx: AppContext,
  clientAddress: string,
  email: string,
  message: string,
): Promise<SupportMessage> {
  await assertContactNotThrottled(ctx, clientAddress);
  return storeAndMail(ctx, { userId: null, senderEmail: email, senderAddress: clientAddress }, { email }, message);
}
