import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CombinationMode, ScenarioNode, ScenarioStatus, SequenceTransition } from '@console/contracts';
import { projects } from './project';
import { timestamps } from './timestamps';

/** Scenarios: sequences joined by transitions. Names are unique in a project. */
export const scenarios = pgTable(
  'scenarios',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    status: text().$type<ScenarioStatus>().notNull().default('draft'),
    combination: text().$type<CombinationMode>().notNull().default('any-all'),
    nodes: jsonb().$type<ScenarioNode[]>().notNull().default([]),
    transitions: jsonb().$type<SequenceTransition[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [uniqueIndex('scenarios_name_unique').on(table.projectId, sql`lower(${table.displayName})`)],
);

export type ScenarioRow = typeof scenarios.$inferSelect;
