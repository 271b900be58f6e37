import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { replayGroups, type ReplayAnswer, type ReplaySummary } from '@console/contracts';
import { jobs } from './job';
import { deployments, projects } from './project';
import { snapshots } from './snapshot';
import { moment } from './timestamps';
import { users } from './user';

/**
 * A replay: the distinct questions visitors asked a deployment over a window, answered by the version
 * the deployment answered from when the replay started (`base`) and by a candidate version.
 */
export const replays = pgTable(
  'replays',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deploymentId: uuid()
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    baseSnapshotId: uuid()
      .notNull()
      .references(() => snapshots.id),
    candidateSnapshotId: uuid()
      .notNull()
      .references(() => snapshots.id),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    windowFrom: moment().notNull(),
    windowTo: moment().notNull(),
    questionLimit: integer().notNull(),
    summary: jsonb().$type<ReplaySummary>(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
    finishedAt: moment(),
  },
  (table) => [index('replays_project_idx').on(table.projectId, table.createdAt), index('replays_candidate_idx').on(table.candidateSnapshotId, table.createdAt)],
);

export type ReplayRow = typeof replays.$inferSelect;

/** One replayed question: how often it was asked, both answers, their traces, and its group. */
export const replayItems = pgTable(
  'replay_items',
  {
    replayId: uuid()
      .notNull()
      .references(() => replays.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    question: text().notNull(),
    context: text().array().notNull().default([]),
    asked: integer().notNull(),
    group: text({ enum: replayGroups }).notNull(),
    before: jsonb().$type<ReplayAnswer>().notNull(),
    after: jsonb().$type<ReplayAnswer>().notNull(),
    beforeTrace: jsonb().$type<unknown[]>().notNull(),
    afterTrace: jsonb().$type<unknown[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.replayId, table.position] }), index('replay_items_group_idx').on(table.replayId, table.group, table.position)],
);

export type ReplayItemRow = typeof replayItems.$inferSelect;
