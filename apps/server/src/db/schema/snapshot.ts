import { index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { Snapshot, VersionCounts } from '@console/contracts';
import { projects } from './project';
import { moment } from './timestamps';
import { users } from './user';

/**
 * What a sync compiled: the engine's input, immutable, and a version of its project (numbered 1, 2,
 * 3, ... per project, with the sync's note and what it holds). Any server process rebuilds the same
 * index from it (the engine is deterministic), so the index itself is only ever a cache.
 */
export const snapshots = pgTable(
  'snapshots',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    note: text().notNull().default(''),
    counts: jsonb().$type<VersionCounts>().notNull(),
    data: jsonb().$type<Snapshot>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
  },
  (table) => [
    index('snapshots_project_idx').on(table.projectId, table.createdAt),
    unique('snapshots_project_number_unique').on(table.projectId, table.number),
  ],
);

export type SnapshotRow = typeof snapshots.$inferSelect;
