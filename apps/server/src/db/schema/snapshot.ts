import { index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { Snapshot } from '@console/contracts';
import { projects } from './project';
import { moment } from './timestamps';
import { users } from './user';

/**
 * What a sync compiled: the engine's input, immutable. Any server process rebuilds the same index
 * from it (the engine is deterministic), so the index itself is only ever a cache.
 */
export const snapshots = pgTable(
  'snapshots',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    data: jsonb().$type<Snapshot>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
  },
  (table) => [index('snapshots_project_idx').on(table.projectId, table.createdAt)],
);

export type SnapshotRow = typeof snapshots.$inferSelect;
