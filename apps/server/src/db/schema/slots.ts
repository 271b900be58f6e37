import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { timestamps } from './timestamps';

/** Slots: a name and the terms that fill it. Names are unique in a project. */
export const slots = pgTable(
  'slots',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    terms: text().array().notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('slots_name_unique').on(table.projectId, sql`lower(${table.name})`)],
);

export type SlotRow = typeof slots.$inferSelect;
