import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './user';

/**
 * Messages to support: always stored (also when no SUPPORT_EMAIL is set); kept when the user is
 * deleted. A signed-out sender (Contact Us) has no user, only the address they gave.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    senderEmail: text(),
    /** The client address of a signed-out sender: what the contact form's limit counts, in every server process alike. */
    senderAddress: text(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_user_idx').on(table.userId),
    index('support_messages_sender_address_idx').on(table.senderAddress, table.createdAt),
  ],
);
