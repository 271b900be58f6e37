import { and, eq, isNotNull, lte, or, isNull, lt } from 'drizzle-orm';
import { INSIGHT_DEFAULT_THRESHOLD } from '@console/contracts';
import type { AnswerResult } from '@console/engine';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { insightFixes, snapshots, type JobRow } from '../../db/schema/index';
import { OfflineAsker } from '../chat/offline-answer';
import type { RunningJob } from '../job/runner';
import { queueJob } from '../job/service';

type Expectation = NonNullable<typeof insightFixes.$inferSelect.expect>;

/** Whether an answer is what a fix intended: its item, a refusal, or (a jargon mapping) an answer at all. */
function asIntended(expect: Expectation, { reply }: AnswerResult): boolean {
  if (expect.type === 'content') return reply.response_type === 'content' && reply.content_id === expect.content_id;
  if (expect.type === 'out_of_scope') return reply.response_type === 'oos';
  return reply.response_type !== 'oos' && reply.confidence >= INSIGHT_DEFAULT_THRESHOLD;
}

/** Fixes that expect something of the answers and were made before `before`, not yet checked against `version`. */
function uncheckedBefore(projectId: string, before: Date, version: number) {
  return and(
    eq(insightFixes.projectId, projectId),
    isNotNull(insightFixes.checkStatus),
    lte(insightFixes.createdAt, before),
    or(isNull(insightFixes.checkVersion), lt(insightFixes.checkVersion, version)),
  );
}

/**
 * Queues the check of a project's fixes against a version just synced, in the sync's transaction, and
 * marks them as being checked from then on, so the console follows the check from the moment of the
 * sync. Nothing to check: nothing queued.
 */
export async function queueFixCheck(tx: Db, projectId: string, snapshotId: string, now: Date): Promise<boolean> {
  const checking = await tx
    .update(insightFixes)
    .set({ checkStatus: 'checking' })
    .where(and(eq(insightFixes.projectId, projectId), isNotNull(insightFixes.checkStatus)))
    .returning({ id: insightFixes.id });
  if (!checking.length) return false;
  await queueJob(tx, { kind: 'fix_check', projectId, params: { snapshot_id: snapshotId }, createdBy: null }, now);
  return true;
}

/** Fixes a check could not finish wait for the next sync (or keep their last check), rather than being checked forever. */
export async function settleFixCheck(tx: Db, row: JobRow): Promise<void> {
  await tx
    .update(insightFixes)
    .set({ checkStatus: 'waiting_for_sync' })
    .where(and(eq(insightFixes.projectId, row.projectId), eq(insightFixes.checkStatus, 'checking'), isNull(insightFixes.checkVersion)));
  await tx
    .update(insightFixes)
    .set({ checkStatus: 'done' })
    .where(and(eq(insightFixes.projectId, row.projectId), eq(insightFixes.checkStatus, 'checking'), isNotNull(insightFixes.checkVersion)));
}

/**
 * After a sync, each fix made before it is checked against the new version: its questions are asked
 * again as the chat API would answer them (offline, as a replay asks: nothing stored, no endpoint
 * called), and the fix records how many are now answered as it intended. A fix is checked once per
 * version; a later sync checks it again, so the inbox shows the newest version's answer.
 */
export async function runFixCheckJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const snapshotId = String(job.row.params.snapshot_id);
  const [snapshot] = await ctx.db
    .select({ number: snapshots.number, createdAt: snapshots.createdAt })
    .from(snapshots)
    .where(and(eq(snapshots.id, snapshotId), eq(snapshots.projectId, job.row.projectId)));
  if (snapshot) await checkFixes(ctx, job, snapshotId, snapshot);
  // Fixes the sync marked and this version did not take (made meanwhile, or a version pruned since) show their last check again.
  await settleFixCheck(ctx.db, job.row);
}

async function checkFixes(ctx: AppContext, job: RunningJob, snapshotId: string, snapshot: { number: number; createdAt: Date }): Promise<void> {
  const fixes = await ctx.db.select().from(insightFixes).where(uncheckedBefore(job.row.projectId, snapshot.createdAt, snapshot.number));
  const total = fixes.reduce((sum, fix) => sum + fix.questions.length, 0);
  await job.progress(0, total);
  if (!fixes.length) return;
  const index = await ctx.assistant.indexes.get(snapshotId);
  const asker = new OfflineAsker(ctx.assistant.offlineEmbedder, ctx.now);
  let done = 0;
  for (const fix of fixes) {
    const [answers] = await asker.ask([index], fix.questions.map((question) => [question]));
    const passed = answers!.filter((answer) => asIntended(fix.expect!, answer)).length;
    await ctx.db
      .update(insightFixes)
      .set({ checkStatus: 'done', checkVersion: snapshot.number, checkPassed: passed, checkTotal: fix.questions.length, updatedAt: ctx.now() })
      .where(eq(insightFixes.id, fix.id));
    done += fix.questions.length;
    await job.progress(done, total);
  }
}
