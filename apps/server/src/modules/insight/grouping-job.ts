import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { understandingOf } from '@console/contracts';
import type { AppContext } from '../../context';
import { insightCursors, insightQuestions, insightTopics, projects } from '../../db/schema/index';
import type { RunningJob } from '../job/runner';
import { unpackVectors, vectorsOf } from '../snapshot/text-vectors';
import { collectFailures, pendingFailures, SETTLE_MS } from './collect';
import type { QuestionToGroup } from './grouping/index';
import { queueInsightGrouping } from './queue';

/** One grouping per project at a time, across processes: a job holds its project this long, renewed as it goes. */
const LEASE_MS = 60_000;
/** Questions grouped per run of the grouping worker. */
const QUESTIONS_AT_ONCE = 200;
/** Texts embedded at once, after which the job rests as long as it worked: failed questions take at most half of a core. */
const EMBEDDED_AT_ONCE = 16;
/** A job hands its runner back after this long, queueing its successor, so other jobs never wait behind a busy project. */
const RUN_FOR_MS = 120_000;
/**
 * After each pass the job rests this many times as long as the pass took (at most MAX_REST_MS): it
 * reads and writes on the server's database, which on the embedded engine is the thread that answers,
 * so grouping takes at most a twentieth of it however many questions fail, and falls behind under a
 * load that saturates the server rather than slow the answers.
 */
const REST_PER_WORK = 19;
const MAX_REST_MS = 5_000;

async function takeLease(ctx: AppContext, projectId: string): Promise<boolean> {
  const now = ctx.now();
  await ctx.db.insert(insightCursors).values({ projectId }).onConflictDoNothing();
  const taken = await ctx.db
    .update(insightCursors)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
    .where(and(eq(insightCursors.projectId, projectId), or(isNull(insightCursors.leaseUntil), lt(insightCursors.leaseUntil, now))))
    .returning({ projectId: insightCursors.projectId });
  return taken.length > 0;
}

async function releaseLease(ctx: AppContext, projectId: string): Promise<void> {
  await ctx.db.update(insightCursors).set({ leaseUntil: null }).where(eq(insightCursors.projectId, projectId));
}

/**
 * The grouping of a project's failed questions (job kind `insight_grouping`, queued by a failed
 * answer or a thumbs down): it reads what was stored since its last pass (./collect.ts), embeds the
 * new questions (their vectors are kept per workspace like the content's, so a question asked again
 * is embedded once), and groups them in the grouping worker: each joins a topic or starts one. It
 * runs while anything waits, then once more after the newest events settle.
 */
export async function runGroupingJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const projectId = job.row.projectId;
  // Another process groups this project now: this job waits for it, then takes what it left.
  while (!(await takeLease(ctx, projectId))) {
    await sleep(500, undefined, { signal: job.signal });
  }
  const started = Date.now();
  let grouped = 0;
  try {
    for (;;) {
      const began = performance.now();
      const { more } = await collectFailures(ctx, projectId);
      const done = await groupPending(ctx, job, projectId);
      grouped += done;
      await job.progress(grouped, grouped);
      await sleep(Math.min((performance.now() - began) * REST_PER_WORK, MAX_REST_MS), undefined, { signal: job.signal });
      await ctx.db
        .update(insightCursors)
        .set({ leaseUntil: new Date(ctx.now().getTime() + LEASE_MS) })
        .where(eq(insightCursors.projectId, projectId));
      if (more || done === QUESTIONS_AT_ONCE) {
        if (Date.now() - started > RUN_FOR_MS) break;
        continue;
      }
      if (!(await pendingFailures(ctx, projectId))) return;
      if (Date.now() - started > RUN_FOR_MS) break;
      await sleep(SETTLE_MS, undefined, { signal: job.signal });
    }
    await queueInsightGrouping(ctx.db, projectId, ctx.now());
  } finally {
    await releaseLease(ctx, projectId);
  }
}

/** Groups up to QUESTIONS_AT_ONCE of the project's ungrouped questions, oldest first; how many. */
async function groupPending(ctx: AppContext, job: RunningJob, projectId: string): Promise<number> {
  const pending = await ctx.db
    .select({ answerId: insightQuestions.answerId, utterance: insightQuestions.utterance })
    .from(insightQuestions)
    .where(and(eq(insightQuestions.projectId, projectId), isNull(insightQuestions.topicId)))
    .orderBy(asc(insightQuestions.askedAt), asc(insightQuestions.answerId))
    .limit(QUESTIONS_AT_ONCE);
  if (!pending.length) return 0;
  const [project] = await ctx.db
    .select({ workspaceId: projects.workspaceId, pipelineConfig: projects.pipelineConfig })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return 0;
  const vectors = understandingOf(project.pipelineConfig) === 'semantic' ? await embed(ctx, job, project.workspaceId, pending.map((row) => row.utterance)) : null;
  const questions: QuestionToGroup[] = pending.map((row) => ({ id: row.answerId, text: row.utterance, vector: vectors?.get(row.utterance) ?? null }));

  const [cursor] = await ctx.db.select({ grouping: insightCursors.grouping }).from(insightCursors).where(eq(insightCursors.projectId, projectId));
  const topics = await ctx.db
    .select({ id: insightTopics.id, size: insightTopics.size, label: insightTopics.label, centre: insightTopics.centre })
    .from(insightTopics)
    .where(eq(insightTopics.projectId, projectId));
  const result = await ctx.insight.grouper.group(cursor?.grouping ?? {}, topics, questions);

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const topic of result.created) {
      const id = randomUUID();
      ids.set(topic.key, id);
      await tx.insert(insightTopics).values({ id, projectId, label: topic.label, size: topic.size, centre: topic.centre, lastJoinedAt: now, createdAt: now, updatedAt: now });
    }
    for (const topic of result.changed) {
      await tx
        .update(insightTopics)
        .set({ label: topic.label, size: topic.size, centre: topic.centre, lastJoinedAt: now, updatedAt: now })
        .where(and(eq(insightTopics.id, topic.id), eq(insightTopics.projectId, projectId)));
    }
    const byTopic = new Map<string, string[]>();
    for (const [questionId, topic] of result.joined) {
      const topicId = ids.get(topic) ?? topic;
      byTopic.set(topicId, [...(byTopic.get(topicId) ?? []), questionId]);
    }
    for (const [topicId, questionIds] of byTopic) {
      for (let start = 0; start < questionIds.length; start += 500) {
        await tx
          .update(insightQuestions)
          .set({ topicId })
          .where(and(eq(insightQuestions.projectId, projectId), inArray(insightQuestions.answerId, questionIds.slice(start, start + 500))));
      }
    }
    await tx.update(insightCursors).set({ grouping: result.state, updatedAt: now }).where(eq(insightCursors.projectId, projectId));
  });
  return pending.length;
}

/** The questions' vectors, a few texts at a time in the background embedder, resting after each part. */
async function embed(ctx: AppContext, job: RunningJob, workspaceId: string, texts: string[]): Promise<Map<string, Float32Array>> {
  const distinct = [...new Set(texts)];
  const vectors = new Map<string, Float32Array>();
  for (let start = 0; start < distinct.length; start += EMBEDDED_AT_ONCE) {
    job.signal.throwIfAborted();
    const began = performance.now();
    const part = await vectorsOf(ctx.db, ctx.assistant.offlineEmbedder, workspaceId, distinct.slice(start, start + EMBEDDED_AT_ONCE));
    for (const [text, vector] of unpackVectors(part.vectors)) vectors.set(text, vector);
    if (part.counts.embedded) await sleep(Math.min(performance.now() - began, 250));
  }
  return vectors;
}
