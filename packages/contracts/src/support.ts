import { z } from 'zod';
import { strictObject, text } from './fields';

/** POST /support: a message to the provider; always stored, e-mailed to SUPPORT_EMAIL when set. */
export const supportMessageBody = strictObject({ message: text('Message', 8, 511) });
export type SupportMessageBody = z.input<typeof supportMessageBody>;

export const supportMessageSchema = z.object({ id: z.string(), created_at: z.string() });
export type SupportMessage = z.infer<typeof supportMessageSchema>;
