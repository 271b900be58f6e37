import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { suiteMessages } from '@console/contracts';
import type { AnswerResult, EngineIndex } from '@console/engine';
import type { AppContext } from '../../context';
import { testCases, testResults, testRuns } from '../../db/schema/index';
import { OfflineAsker } from '../chat/offline-answer';
import type { RunningJob } from '../job/runner';
import { heardAnswer, indexSubjects, judge } from './judge';
import { testRunJobParams } from './runs';
import { expectationOf, expectedItemNames } from './service';

/** Cases asked and stored together: a resumed run repeats at most this many. */
const CASES_PER_CHUNK = 50;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The engine's work, its failure said as the run's (a version that no longer compiles, an engine fault). */
async function engineWork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(suiteMessages.runFailed(messageOf(error)), { cause: error });
  }
}

/**
 * Runs a test run's cases against its version: each case's earlier questions, then its question, asked
 * as the chat API answers them (../chat/offline-answer.ts: nothing stored, no model or business-logic
 * endpoint called), judged (./judge.ts) and stored a chunk at a time with the run's counts, so a run
 * claimed again after its process stopped goes on from the first case not stored. A case deleted
 * before its turn is left out. At the end the run's counts are those of its stored outcomes.
 */
export async function runTestRunJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const params = testRunJobParams.parse(job.row.params);
  const [run] = await ctx.db.select().from(testRuns).where(eq(testRuns.id, params.test_run_id)).limit(1);
  if (!run) throw new Error(`test run ${params.test_run_id} no longer exists`);
  const index: EngineIndex = await engineWork(() => ctx.assistant.indexes.get(run.snapshotId));
  const subjects = indexSubjects(index);
  const asker = new OfflineAsker(ctx.assistant.offlineEmbedder, ctx.now);
  const position = new Map(params.case_ids.map((id, at) => [id, at]));
  const stored = new Set((await ctx.db.select({ caseId: testResults.caseId }).from(testResults).where(eq(testResults.runId, run.id))).map((row) => row.caseId));
  const remaining = params.case_ids.filter((id) => !stored.has(id));
  let done = params.case_ids.length - remaining.length;

  for (let start = 0; start < remaining.length; start += CASES_PER_CHUNK) {
    const ids = remaining.slice(start, start + CASES_PER_CHUNK);
    const cases = (await ctx.db.select().from(testCases).where(and(eq(testCases.projectId, run.projectId), inArray(testCases.id, ids)))).sort(
      (a, b) => position.get(a.id)! - position.get(b.id)!,
    );
    const expectations = cases.map(expectationOf);
    const names = await expectedItemNames(ctx.db, run.projectId, expectations);
    const [answers] = await engineWork<AnswerResult[][]>(() => asker.ask([index], cases.map((testCase) => [...testCase.context, testCase.question])));
    const results = cases.map((testCase, at) => {
      const heard = heardAnswer(subjects, answers![at]!);
      const verdict = judge({ expect: expectations[at]!, must_contain: testCase.mustContain }, names[at]!, heard);
      return {
        runId: run.id,
        caseId: testCase.id,
        position: position.get(testCase.id)!,
        question: testCase.question,
        context: testCase.context,
        expectation: expectations[at]!,
        ...verdict,
        answer: heard.answer,
        trace: answers![at]!.trace,
      };
    });
    if (results.length) {
      await ctx.db.transaction(async (tx) => {
        // Another runner that took the job over after a pause may have stored some of them: those count once.
        const added = await tx.insert(testResults).values(results).onConflictDoNothing().returning({ passed: testResults.passed });
        const passed = added.filter((result) => result.passed).length;
        await tx
          .update(testRuns)
          .set({ passed: sql`${testRuns.passed} + ${passed}`, failed: sql`${testRuns.failed} + ${added.length - passed}` })
          .where(eq(testRuns.id, run.id));
      });
    }
    done += ids.length;
    await job.progress(done, params.case_ids.length);
  }

  const [counted] = await ctx.db
    .select({ total: count(), passed: sql<string | number>`count(*) filter (where ${testResults.passed})` })
    .from(testResults)
    .where(eq(testResults.runId, run.id));
  const total = Number(counted?.total ?? 0);
  const passed = Number(counted?.passed ?? 0);
  // The job's total follows the run's: cases deleted before their turn are not counted.
  await job.progress(total, total);
  await ctx.db.update(testRuns).set({ total, passed, failed: total - passed, finishedAt: ctx.now() }).where(eq(testRuns.id, run.id));
}
