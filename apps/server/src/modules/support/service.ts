import type { SupportMessage } from '@console/contracts';
import type { AppContext } from '../../context';
import { supportMessages, type UserRow } from '../../db/schema/index';
import type { Mail } from '../../platform/mail';

/** Who wrote: a signed-in user, or someone signed out who gave only an address (Contact Us). */
type Sender = Pick<UserRow, 'displayName' | 'email'> | { email: string; displayName?: undefined };

export function supportMail(to: string, sender: Sender, message: string): Mail {
  // A signed-out sender's address was typed, not proven: support reads that before answering.
  const from = sender.displayName ? `${sender.displayName} <${sender.email}>` : `${sender.email} (not signed in)`;
  return { to, subject: `Support request from ${from}`, text: `${message}\n\n-- \n${from}`, replyTo: sender.email };
}

/** Stores the message, then mails it to SUPPORT_EMAIL when one is configured (reply-to: the sender). */
async function storeAndMail(
  ctx: AppContext,
  record: { userId: string | null; senderEmail: string | null },
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
  return storeAndMail(ctx, { userId: user.id, senderEmail: null }, user, message);
}

/** Contact Us from the sign-in screen: the sender is known only by the address they gave. */
export function sendContactMessage(ctx: AppContext, email: string, message: string): Promise<SupportMessage> {
  return storeAndMail(ctx, { userId: null, senderEmail: email }, { email }, message);
}
