import type { SupportMessage } from '@console/contracts';
import type { AppContext } from '../../context';
import { supportMessages, type UserRow } from '../../db/schema/index';
import type { Mail } from '../../platform/mail';

export function supportMail(to: string, user: Pick<UserRow, 'displayName' | 'email'>, message: string): Mail {
  return {
    to,
    subject: `Support request from ${user.displayName} <${user.email}>`,
    text: `${message}\n\n-- \n${user.displayName} <${user.email}>`,
    replyTo: user.email,
  };
}

/** Stores the message, then mails it to SUPPORT_EMAIL when one is configured (reply-to: the user). */
export async function sendSupportMessage(ctx: AppContext, user: UserRow, message: string): Promise<SupportMessage> {
  const [row] = await ctx.db
    .insert(supportMessages)
    .values({ userId: user.id, message, createdAt: ctx.now() })
    .returning();
  if (!row) throw new Error('insert returned no support message');
  if (ctx.supportEmail) await ctx.mailer.send(supportMail(ctx.supportEmail, user, message));
  return { id: row.id, created_at: row.createdAt.toISOString() };
}
