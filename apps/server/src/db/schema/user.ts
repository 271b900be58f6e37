import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userStatuses } from '@console/contracts';
import { moment, timestamps } from './timestamps';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stored lowercased; the unique index on lower(email) keeps that true even for a careless writer.
    email: text().notNull(),
    displayName: text().notNull(),
    passwordHash: text().notNull(),
    status: text({ enum: userStatuses }).notNull().default('active'),
    isSuperUser: boolean().notNull().default(false),
    isMfaEnabled: boolean().notNull().default(false),
    // Part of every access token: incrementing it ends every session of the user at once.
    tokenVersion: integer().notNull().default(0),
    lastLoginAt: moment(),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export type UserRow = typeof users.$inferSelect;
