import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { jobKinds, jobStatuses } from '@console/contracts';
import { projects } from './project';
import { moment } from './timestamps';
import { users } from './user';

/**
 * Background work of every kind (test runs, replays, source pulls), shared by every server process: a process
 * claims a queued job (or one whose runner stopped beating) with FOR UPDATE SKIP LOCKED, so exactly
 * one runs it; progress, cancellation and the outcome are here, so any process shows them and a
 * restart resumes the job from what its handler stored.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: jobKinds }).notNull(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text({ enum: jobStatuses }).notNull().default('queued'),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    error: text(),
    cancelRequested: boolean().notNull().default(false),
    // Claims so far: a job whose runners keep dying is failed instead of claimed forever.
    attempts: integer().notNull().default(0),
    runner: text(),
    heartbeatAt: moment(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
    startedAt: moment(),
    finishedAt: moment(),
  },
  (table) => [
    index('jobs_project_idx').on(table.projectId, table.createdAt),
    // Only the unfinished few: what the runners poll.
    index('jobs_open_idx').on(table.createdAt).where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
