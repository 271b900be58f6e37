import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { replayItems, replays, type ReplayRow } from '../../db/schema/index';
import { OfflineAsker } from '../chat/offline-answer';
import type { RunningJob } from '../job/runner';
import { groupOf, replayAnswerOf, subjectsOf, summarize, wouldCallOut } from './compare';
import { selectQuestions } from './select-questions';

/**
 * Questions asked of both versions at a time, then stored with their answers: what a replay resumed
 * after a restart does not ask again, and the step of its progress.
 */
const QUESTIONS_PER_CHUNK = 32;

/**
 * Replays a deployment's traffic: selects the window's questions (the same list on every claim: the
 * window closed when the replay was created), asks those not stored yet of both versions, a chunk at
 * a time, stores each chunk's items, then writes the report from every stored item. A job claimed
 * again after its process stopped carries on from the items stored (an item stored twice, by a runner
 * that lost the job meanwhile, is kept once).
 */
export async function runReplayJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const replay = await replayOf(ctx, String(job.row.params.replay_id));
  // Questions asked after the replay was created are not part of it, even in a window reaching later.
  const to = replay.windowTo < replay.createdAt ? replay.windowTo : replay.createdAt;
  const questions = await selectQuestions(ctx.db, { projectId: replay.projectId, deploymentId: replay.deploymentId, from: replay.windowFrom, to, limit: replay.questionLimit });
  if (!questions.length) return finish(ctx, replay.id, summarize([], false));

  const stored = new Set((await ctx.db.select({ position: replayItems.position }).from(replayItems).where(eq(replayItems.replayId, replay.id))).map((row) => row.position));
  const pending = questions.map((question, i) => ({ ...question, position: i + 1 })).filter((question) => !stored.has(question.position));
  let done = questions.length - pending.length;
  await job.progress(done, questions.length);
  const versions = await Promise.all([ctx.assistant.indexes.get(replay.baseSnapshotId), ctx.assistant.indexes.get(replay.candidateSnapshotId)]);
  const subjects = versions.map(subjectsOf);
  const asker = new OfflineAsker(ctx.assistant.offlineEmbedder, ctx.now);
  for (let start = 0; start < pending.length; start += QUESTIONS_PER_CHUNK) {
    const chunk = pending.slice(start, start + QUESTIONS_PER_CHUNK);
    const [before, after] = await asker.ask(versions, chunk.map((question) => [...question.context, question.question]));
    const items = chunk.map((question, i) => {
      const was = replayAnswerOf(subjects[0]!, before![i]!);
      const is = replayAnswerOf(subjects[1]!, after![i]!);
      return {
        replayId: replay.id,
        position: question.position,
        question: question.question,
        context: question.context,
        asked: question.asked,
        group: groupOf(was, is),
        before: was,
        after: is,
        beforeTrace: before![i]!.trace,
        afterTrace: after![i]!.trace,
      };
    });
    await ctx.db.insert(replayItems).values(items).onConflictDoNothing();
    done += chunk.length;
    await job.progress(done);
  }

  const items = await ctx.db.select({ group: replayItems.group, before: replayItems.before, after: replayItems.after }).from(replayItems).where(eq(replayItems.replayId, replay.id));
  await finish(ctx, replay.id, summarize(items, versions.some(wouldCallOut)));
}

async function replayOf(ctx: AppContext, id: string): Promise<ReplayRow> {
  const [replay] = await ctx.db.select().from(replays).where(eq(replays.id, id)).limit(1);
  if (!replay) throw new Error(`replay ${id} does not exist`);
  return replay;
}

async function finish(ctx: AppContext, id: string, summary: ReturnType<typeof summarize>): Promise<void> {
  await ctx.db.update(replays).set({ summary, finishedAt: ctx.now() }).where(eq(replays.id, id));
}
