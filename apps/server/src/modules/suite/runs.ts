import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  suiteMessages,
  testResultList,
  testRunList,
  type ListQuery,
  type ListResponse,
  type TestResult,
  type TestRun,
  type TestRunComparison,
  type testRunBody,
} from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { snapshots, testCases, testResults, testRuns, users, type JobRow, type TestRunRow, type UserRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { chatMessages } from '../chat/messages';
import { jobsById, queueJob, toJob } from '../job/service';
import { expectedItemLabels } from './service';

/**
 * Test runs: every case of the project, as it stood when the run was made, asked of one version by a
 * background job (./run-job.ts), each outcome stored. A run and its job are written in one
 * transaction, so neither exists without the other.
 */

/** What a run's job is given: its run, and the cases it runs, fixed when it was made so a resumed run runs the same set. */
export const testRunJobParams = z.object({ test_run_id: z.string(), case_ids: z.array(z.string()) });

/**
 * Queues a run of the project's cases against a snapshot in the caller's transaction (call
 * `ctx.jobs.wake()` once committed); null when the project has no cases.
 */
export async function queueTestRun(
  tx: Db,
  run: { projectId: string; snapshotId: string; trigger: TestRunRow['trigger']; createdBy: string | null },
  now: Date,
): Promise<TestRunRow | null> {
  const cases = await tx
    .select({ id: testCases.id })
    .from(testCases)
    .where(eq(testCases.projectId, run.projectId))
    .orderBy(asc(testCases.createdAt), asc(testCases.id));
  if (!cases.length) return null;
  const id = randomUUID();
  const params: z.input<typeof testRunJobParams> = { test_run_id: id, case_ids: cases.map((testCase) => testCase.id) };
  const job = await queueJob(tx, { kind: 'test_run', projectId: run.projectId, params, total: cases.length, createdBy: run.createdBy }, now);
  const [row] = await tx
    .insert(testRuns)
    .values({ id, ...run, jobId: job.id, total: cases.length, createdAt: now })
    .returning();
  return row!;
}

/** A run as read for the API: its row, its version's number and who made it. */
interface ReadRun {
  row: TestRunRow;
  version: number;
  createdByName: string | null;
}

const runSelection = { row: testRuns, version: snapshots.number, createdByName: users.displayName };

function runsOf(db: Db) {
  return db
    .select(runSelection)
    .from(testRuns)
    .innerJoin(snapshots, eq(snapshots.id, testRuns.snapshotId))
    .leftJoin(users, eq(users.id, testRuns.createdBy));
}

/** A run as the API answers it, with its job. */
export function toTestRun({ row, version, createdByName }: ReadRun, job: JobRow | null, now: Date): TestRun {
  return {
    id: row.id,
    version,
    trigger: row.trigger,
    job: job ? toJob(job, now) : null,
    total: row.total,
    passed: row.passed,
    failed: row.failed,
    created_at: row.createdAt.toISOString(),
    created_by_name: createdByName,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

async function toTestRuns(ctx: AppContext, runs: readonly ReadRun[]): Promise<TestRun[]> {
  const jobs = await jobsById(ctx.db, runs.map(({ row }) => row.jobId));
  const now = ctx.now();
  return runs.map((run) => toTestRun(run, run.row.jobId ? (jobs.get(run.row.jobId) ?? null) : null, now));
}

/** The run `runId` of the checked project; 404 for another project's or an unknown one. */
async function projectRun(ctx: AppContext, { project }: ProjectAccess, runId: string): Promise<ReadRun> {
  const [run] = await runsOf(ctx.db)
    .where(and(eq(testRuns.id, runId), eq(testRuns.projectId, project.id)))
    .limit(1);
  if (!run) throw AppError.notFound();
  return run;
}

/** The snapshot of the project's version `number`, by default its newest: 404 for a version it does not have, 409 before its first sync. */
async function versionSnapshot(db: Db, projectId: string, number: number | undefined): Promise<string> {
  const [snapshot] = await db
    .select({ id: snapshots.id })
    .from(snapshots)
    .where(and(eq(snapshots.projectId, projectId), number === undefined ? undefined : eq(snapshots.number, number)))
    .orderBy(desc(snapshots.number))
    .limit(1);
  if (snapshot) return snapshot.id;
  throw number === undefined ? AppError.conflict(chatMessages.notSynced) : AppError.notFound();
}

/** POST /project/{id}/test-run: runs every case of the project against a version (default the newest). */
export async function createTestRun(ctx: AppContext, user: UserRow, access: ProjectAccess, body: z.output<typeof testRunBody>): Promise<TestRun> {
  const { project } = access;
  const snapshotId = await versionSnapshot(ctx.db, project.id, body.version);
  const row = await ctx.db.transaction((tx) => queueTestRun(tx, { projectId: project.id, snapshotId, trigger: 'manual', createdBy: user.id }, ctx.now()));
  if (!row) throw AppError.conflict(suiteMessages.noCases);
  ctx.jobs.wake();
  const [run] = await toTestRuns(ctx, [await projectRun(ctx, access, row.id)]);
  return run!;
}

export async function listTestRuns(ctx: AppContext, { project }: ProjectAccess, query: ListQuery): Promise<ListResponse<TestRun>> {
  const page = await listPage(
    testRunList,
    query,
    { created_at: testRuns.createdAt, version: snapshots.number },
    {
      rows: runsOf(ctx.db).$dynamic(),
      count: ctx.db.select({ total: count() }).from(testRuns).innerJoin(snapshots, eq(snapshots.id, testRuns.snapshotId)).$dynamic(),
      where: eq(testRuns.projectId, project.id),
      id: testRuns.id,
    },
  );
  return { records: await toTestRuns(ctx, page.records), total: page.total };
}

export async function readTestRun(ctx: AppContext, access: ProjectAccess, runId: string): Promise<TestRun> {
  const [run] = await toTestRuns(ctx, [await projectRun(ctx, access, runId)]);
  return run!;
}

/** GET /project/{id}/test-run/{runId}/result: the run's outcomes so far, a case each. */
export async function listTestResults(ctx: AppContext, access: ProjectAccess, runId: string, query: ListQuery): Promise<ListResponse<TestResult>> {
  const { row } = await projectRun(ctx, access, runId);
  const page = await listPage(
    testResultList,
    query,
    { position: testResults.position, passed: testResults.passed, question: testResults.question },
    {
      rows: ctx.db.select().from(testResults).$dynamic(),
      count: ctx.db.select({ total: count() }).from(testResults).$dynamic(),
      where: eq(testResults.runId, row.id),
      id: testResults.caseId,
    },
  );
  const labels = await expectedItemLabels(ctx.db, row.projectId, page.records.map((result) => result.expectation));
  return {
    records: page.records.map((result, index) => ({
      case_id: result.caseId,
      position: result.position,
      question: result.question,
      context: result.context,
      expect: result.expectation,
      expect_label: labels[index]!,
      passed: result.passed,
      reason: result.reason,
      answer: result.answer,
      trace: result.trace,
    })),
    total: page.total,
  };
}

function outcomesOf(db: Db, runId: string) {
  return db
    .select({ caseId: testResults.caseId, question: testResults.question, passed: testResults.passed, reason: testResults.reason })
    .from(testResults)
    .where(eq(testResults.runId, runId))
    .orderBy(asc(testResults.position), asc(testResults.caseId));
}

function changeOf(before: boolean | null, after: boolean): TestRunComparison['cases'][number]['change'] {
  if (before === null) return 'added';
  if (before) return after ? 'still_passing' : 'broken';
  return after ? 'fixed' : 'still_failing';
}

/**
 * GET /project/{id}/test-run/{runId}/compare/{otherRunId}: each case of either run, from the other
 * run (before) to this one (after), in this run's order, then the cases only the other run had.
 */
export async function compareTestRuns(ctx: AppContext, access: ProjectAccess, runId: string, otherRunId: string): Promise<TestRunComparison> {
  const run = await projectRun(ctx, access, runId);
  const other = await projectRun(ctx, access, otherRunId);
  const [after, before] = await Promise.all([outcomesOf(ctx.db, run.row.id), outcomesOf(ctx.db, other.row.id)]);
  const beforeOf = new Map(before.map((outcome) => [outcome.caseId, outcome]));
  const afterIds = new Set(after.map((outcome) => outcome.caseId));
  const verdict = (outcome: { passed: boolean; reason: string }) => ({ passed: outcome.passed, reason: outcome.reason });
  const cases: TestRunComparison['cases'] = after.map((outcome) => {
    const earlier = beforeOf.get(outcome.caseId);
    const change = changeOf(earlier?.passed ?? null, outcome.passed);
    return { case_id: outcome.caseId, question: outcome.question, change, before: earlier ? verdict(earlier) : null, after: verdict(outcome) };
  });
  for (const outcome of before) {
    if (!afterIds.has(outcome.caseId)) cases.push({ case_id: outcome.caseId, question: outcome.question, change: 'removed', before: verdict(outcome), after: null });
  }
  const [runAnswer, otherAnswer] = await toTestRuns(ctx, [run, other]);
  return { run: runAnswer!, other: otherAnswer!, cases };
}
