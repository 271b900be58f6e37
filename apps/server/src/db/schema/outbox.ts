import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail sent while no SMTP server is configured, so a local install can still read its codes. */
export const outbox = pgTable('outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
