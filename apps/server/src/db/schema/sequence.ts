import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SequenceNode, SequenceTransition } from '@console/contracts';
import { projects } from './project';
import { timestamps } from './timestamps';

/**
 * Sequences: a flow's nodes and transitions are kept whole with it, as the builder
 * saves them in one go; the slots and intents they name are checked against the project on every save
 * and again at sync (a deleted one is a sync error).
 */
export const sequences = pgTable(
  'sequences',
  {
  id: uuid().primaryKey().defaultRandom(),
  projectId: uuid()
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  nodes: jsonb().$type<SequenceNode[]>().notNull().default([]),
  transitions: jsonb().$type<SequenceTransition[]>().notNull().default([]),
  ...timestamps,
  },
  (table) => [index('sequences_project').on(table.projectId)],
);

export type SequenceRow = typeof sequences.$inferSelect;
