import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './project';
import { timestamps } from './timestamps';

/** Intents: a name and its utterances. Names are unique in a project. */
export const intents = pgTable(
  'intents',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    intent: text().notNull(),
    utterances: text().array().notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('intents_name_unique').on(table.projectId, sql`lower(${table.intent})`)],
);

export type IntentRow = typeof intents.$inferSelect;
