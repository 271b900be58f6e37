import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { CONTACT_MAX_MESSAGES_PER_ADDRESS, CONTACT_RATE_WINDOW_MS, supportMessageList, type ListQuery, type ListResponse, type SupportInboxMessage, type SupportMessage } from '@console/contracts';
import type { AppContext } from '../../context';
import { supportMessages, users, type UserRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import type { Mail } from '../../platform/mail';

/** Logged at start-up without SUPPORT_EMAIL, as the mailer warns without SMTP_URL. */
export const NO_SUPPORT_EMAIL = 'SUPPORT_EMAIL is not set: support messages are not mailed. They are kept, and super users read them in the Admin Panel under Support Messages.';

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

/**
 * GET /support (super users): every stored message, newest first, with who sent it. Messages are
 * stored whether or not SUPPORT_EMAIL is set, so without it this list is where support reads them.
 */
export async function listSupportMessages(ctx: AppContext, query: ListQuery): Promise<ListResponse<SupportInboxMessage>> {
  const senderEmail = sql<string | null>`coalesce(${users.email}, ${supportMessages.senderEmail})`;
  const page = await listPage(
    supportMessageList,
    query,
    { created_at: supportMessages.createdAt, sender_email: senderEmail, message: supportMessages.message },
    {
      rows: ctx.db
        .select({
          id: supportMessages.id,
          createdAt: supportMessages.createdAt,
          userId: supportMessages.userId,
          senderEmail,
          senderName: users.displayName,
          message: supportMessages.message,
        })
        .from(supportMessages)
        .leftJoin(users, eq(users.id, supportMessages.userId))
        .$dynamic(),
      count: ctx.db.select({ total: count() }).from(supportMessages).leftJoin(users, eq(users.id, supportMessages.userId)).$dynamic(),
      id: supportMessages.id,
    },
  );
  return {
    records: page.records.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      sender_email: row.senderEmail,
      sender_name: row.senderName,
      signed_in: row.userId !== null,
      message: row.message,
    })),
    total: page.total,
  };
}
