import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_SLOT_LOCALE, SLOT_DEFAULT_MAX_ATTEMPTS, slotTypes } from '@console/contracts';
import { projects } from './project';
import { timestamps } from './timestamps';

/**
 * Slots: a name, the type of value a flow reads for it (the terms that fill it, or free text, a
 * number, an e-mail address, a phone number, a date, a pattern's match), and how it is asked.
 * Names are unique in a project.
 */
export const slots = pgTable(
  'slots',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text({ enum: slotTypes }).notNull().default('terms'),
    terms: text().array().notNull(),
    pattern: text().notNull().default(''),
    locale: text().notNull().default(DEFAULT_SLOT_LOCALE),
    prompt: text().notNull().default(''),
    reprompt: text().notNull().default(''),
    maxAttempts: integer().notNull().default(SLOT_DEFAULT_MAX_ATTEMPTS),
    ...timestamps,
  },
  (table) => [uniqueIndex('slots_name_unique').on(table.projectId, sql`lower(${table.name})`)],
);

export type SlotRow = typeof slots.$inferSelect;
