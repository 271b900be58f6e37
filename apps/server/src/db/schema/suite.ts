import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { testCaseExpectations, testRunTriggers, type TestCaseAnswer, type TestCaseExpectation } from '@console/contracts';
import { jobs } from './job';
import { projects } from './project';
import { snapshots } from './snapshot';
import { moment, timestamps } from './timestamps';
import { users } from './user';

/**
 * A project's test cases: a question (after the earlier questions of its conversation, for a
 * follow-up) and what must happen. Expected items are named by id without a foreign key: a case
 * whose item was deleted stays, and fails saying so.
 */
export const testCases = pgTable(
  'test_cases',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    context: text().array().notNull().default([]),
    expectType: text({ enum: testCaseExpectations }).notNull(),
    expectContentId: uuid(),
    expectIntentId: uuid(),
    expectSequenceId: uuid(),
    expectNodeId: text(),
    mustContain: text().notNull().default(''),
    // The conversation the case was made from ('Add to tests'), so erasing the conversation erases the
    // case; null when made otherwise or before it was kept. No foreign key, as on the events.
    convId: uuid(),
    ...timestamps,
  },
  (table) => [
    index('test_cases_project_idx').on(table.projectId, table.createdAt),
    index('test_cases_conversation_idx').on(table.projectId, table.convId).where(sql`${table.convId} is not null`),
  ],
);

export type TestCaseRow = typeof testCases.$inferSelect;

/** A run of a project's suite against one version; its progress is its job's. */
export const testRuns = pgTable(
  'test_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    snapshotId: uuid()
      .notNull()
      .references(() => snapshots.id),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    trigger: text({ enum: testRunTriggers }).notNull(),
    total: integer().notNull().default(0),
    passed: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
    finishedAt: moment(),
  },
  (table) => [index('test_runs_project_idx').on(table.projectId, table.createdAt), index('test_runs_snapshot_idx').on(table.snapshotId, table.createdAt)],
);

export type TestRunRow = typeof testRuns.$inferSelect;

/** One case's outcome in a run, with the case as it was run (it may be edited or deleted since). */
export const testResults = pgTable(
  'test_results',
  {
    runId: uuid()
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    caseId: uuid().notNull(),
    position: integer().notNull(),
    question: text().notNull(),
    context: text().array().notNull().default([]),
    expectation: jsonb().$type<TestCaseExpectation>().notNull(),
    passed: boolean().notNull(),
    reason: text().notNull().default(''),
    answer: jsonb().$type<TestCaseAnswer>().notNull(),
    trace: jsonb().$type<unknown[]>().notNull(),
    createdAt: moment().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.caseId] })],
);

export type TestResultRow = typeof testResults.$inferSelect;
