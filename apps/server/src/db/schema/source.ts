import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sourcePullStatuses, sourceTypes, type KbDocument, type PullSummary } from '@console/contracts';
import { projects } from './project';
import { moment, timestamps } from './timestamps';
import { users } from './user';

/** Where content comes from: a rich-text document or a pipeline configuration. */
export const sources = pgTable(
  'sources',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    type: text({ enum: sourceTypes }).notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // The KB tree: written in the rich editor, or what the last pull of a pipeline found.
    kb: jsonb().$type<KbDocument>(),
    ...timestamps,
  },
  (table) => [index('sources_project_idx').on(table.projectId)],
);

export type SourceRow = typeof sources.$inferSelect;

/**
 * A pull of a source: it runs in the background and records its progress here, so every server
 * process (and a reloaded console) sees it. At most one runs per source, enforced by the index.
 */
export const sourcePulls = pgTable(
  'source_pulls',
  {
    id: uuid().primaryKey().defaultRandom(),
    sourceId: uuid()
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    status: text({ enum: sourcePullStatuses }).notNull().default('running'),
    progressDone: integer().notNull().default(0),
    progressTotal: integer().notNull().default(0),
    progressMessage: text().notNull().default(''),
    summary: jsonb().$type<PullSummary>(),
    error: text(),
    startedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    startedAt: moment().notNull().defaultNow(),
    // No longer read or written: a pull runs as a job, which beats (jobs.heartbeat_at). Kept for the processes of
    // the previous version while an upgrade rolls out; a later migration drops it.
    heartbeatAt: moment().notNull().defaultNow(),
    finishedAt: moment(),
  },
  (table) => [
    index('source_pulls_source_idx').on(table.sourceId, table.startedAt),
    uniqueIndex('source_pulls_one_running').on(table.sourceId).where(sql`${table.status} = 'running'`),
  ],
);

export type SourcePullRow = typeof sourcePulls.$inferSelect;
