import { z } from 'zod';
import { defineList } from './list';
import { emailSchema } from './auth';
import { strictObject, text } from './fields';

/** POST /support: a message to the provider; always stored, e-mailed to SUPPORT_EMAIL when set. */
export const supportMessageBody = strictObject({ message: text('Message', 8, 511) });
export type SupportMessageBody = z.input<typeof supportMessageBody>;

/**
 * POST /support/contact: the same message from someone who is not signed in (the sign-in screen's
 * Contact Us), with the address support answers to.
 */
export const contactSupportBody = strictObject({ email: emailSchema, message: supportMessageBody.shape.message });
export type ContactSupportBody = z.input<typeof contactSupportBody>;

/** Messages one client address may send signed out per sliding window. */
export const CONTACT_MAX_MESSAGES_PER_ADDRESS = 5;
export const CONTACT_RATE_WINDOW_MS = 60 * 60 * 1000;

/** What the sender reads once support has the message. */
export const SUPPORT_SENT_TEXT = 'Your message has been sent.';

export const supportMessageSchema = z.object({ id: z.string(), created_at: z.string() });
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** A message in the support inbox of the admin panel (super users): what SUPPORT_EMAIL would have received. */
export const supportInboxMessageSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** The signed-in sender's account address, or the address a signed-out sender typed (not proven). */
  sender_email: z.string().nullable(),
  /** The signed-in sender's name; null for a signed-out sender or a deleted user. */
  sender_name: z.string().nullable(),
  signed_in: z.boolean(),
  message: z.string(),
});
export type SupportInboxMessage = z.infer<typeof supportInboxMessageSchema>;

export const supportMessageList = defineList({
  sortable: ['created_at'],
  defaultSort: { field: 'created_at', direction: 'descending' },
  filters: {
    sender_email: { kind: 'text' },
    message: { kind: 'text' },
    created_at: { kind: 'date' },
  },
});
