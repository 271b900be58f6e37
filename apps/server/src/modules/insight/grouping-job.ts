import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { understandingOf } from '@console/contracts';
import type { AppContext } from '../../context';
import { insightClusters, insightCursors, insightFixes, insightQuestions, insightTopics, jobs, projects } from '../../db/schema/index';
import type { RunningJob } from '../job/runner';
import { unpackVectors, vectorsOf } from '../snapshot/text-vectors';
import { collectFailures, pendingFailures, SETTLE_MS } from './collect';
import type { GroupingResult, QuestionToGroup } from './grouping/index';
import { NEW_TOPIC_PREFIX, type Regrouping } from './grouping/regroup';
import { queueInsightGrouping } from './queue';

/** One grouping per project at a time, across processes: a job holds its project this long, renewed as it goes. */
const LEASE_MS = 60_000;
/** Rows written per statement: a batch's new clusters (about 7 KB each) in a few statements, each of bounded size. */
const ROWS_AT_ONCE = 100;
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

/**
 * Takes the project's lease when no job holds it: none did, its time ran out, it is this job's own
 * (claimed again after its process stopped), or its job no longer runs.
 */
async function takeLease(ctx: AppContext, projectId: string, jobId: string): Promise<boolean> {
  const now = ctx.now();
  await ctx.db.insert(insightCursors).values({ projectId }).onConflictDoNothing();
  const holderRuns = ctx.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, insightCursors.leaseHolder), eq(jobs.status, 'running')));
  const taken = await ctx.db
    .update(insightCursors)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), leaseHolder: jobId, updatedAt: now })
    .where(
      and(
        eq(insightCursors.projectId, projectId),
        or(isNull(insightCursors.leaseUntil), lt(insightCursors.leaseUntil, now), eq(insightCursors.leaseHolder, jobId), notExists(holderRuns)),
      ),
    )
    .returning({ projectId: insightCursors.projectId });
  return taken.length > 0;
}

const heldBy = (projectId: string, jobId: string) => and(eq(insightCursors.projectId, projectId), eq(insightCursors.leaseHolder, jobId));

/** Whether the job still held its lease, which is renewed. */
async function renewLease(ctx: AppContext, projectId: string, jobId: string): Promise<boolean> {
  const renewed = await ctx.db
    .update(insightCursors)
    .set({ leaseUntil: new Date(ctx.now().getTime() + LEASE_MS) })
    .where(heldBy(projectId, jobId))
    .returning({ projectId: insightCursors.projectId });
  return renewed.length > 0;
}

async function releaseLease(ctx: AppContext, projectId: string, jobId: string): Promise<void> {
  await ctx.db.update(insightCursors).set({ leaseUntil: null, leaseHolder: null }).where(heldBy(projectId, jobId));
}

/**
 * A pass that outlived its job's lease (a pass slowed past LEASE_MS, as on a saturated server): another
 * job may be grouping the same questions, so this one stores nothing and ends.
 */
class LeaseLost extends Error {}

/**
 * The grouping of a project's failed questions (job kind `insight_grouping`, queued by a failed
 * answer or a thumbs down): it reads what was stored since its last pass (./collect.ts), embeds the
 * new questions (their vectors are kept per workspace like the content's, so a question asked again
 * is embedded once), and groups them in the grouping worker: each joins a cluster or starts one, and
 * the clusters are regrouped into topics. It runs while anything waits, then once more after the
 * newest events settle.
 */
export async function runGroupingJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const projectId = job.row.projectId;
  // Another job groups this project now and takes what this one was queued for (it looks again once
  // it lets go): waiting for it would keep this process's job runner from other work.
  if (!(await takeLease(ctx, projectId, job.row.id))) return;
  const started = Date.now();
  let grouped = 0;
  let completed = false;
  try {
    for (;;) {
      const began = performance.now();
      const { more } = await collectFailures(ctx, projectId);
      const done = await groupPending(ctx, job, projectId);
      grouped += done;
      await job.progress(grouped, grouped);
      await sleep(Math.min((performance.now() - began) * REST_PER_WORK, MAX_REST_MS), undefined, { signal: job.signal });
      if (!(await renewLease(ctx, projectId, job.row.id))) return;
      if (more || done === QUESTIONS_AT_ONCE) {
        if (Date.now() - started > RUN_FOR_MS) break;
        continue;
      }
      if (!(await pendingFailures(ctx, projectId))) break;
      if (Date.now() - started > RUN_FOR_MS) break;
      await sleep(SETTLE_MS, undefined, { signal: job.signal });
    }
    completed = true;
  } catch (error) {
    if (!(error instanceof LeaseLost)) throw error;
  } finally {
    await releaseLease(ctx, projectId, job.row.id);
  }
  // The jobs queued for failures that arrived while this one held the lease ended at once: what they
  // were queued for, and the rest of a run cut short, goes to a successor.
  if (completed && (Date.now() - started > RUN_FOR_MS || (await pendingFailures(ctx, projectId)))) await queueInsightGrouping(ctx.db, projectId, ctx.now());
}

/** Groups up to QUESTIONS_AT_ONCE of the project's ungrouped questions, oldest first; how many. */
async function groupPending(ctx: AppContext, job: RunningJob, projectId: string): Promise<number> {
  const pending = await ctx.db
    .select({ answerId: insightQuestions.answerId, utterance: insightQuestions.utterance })
    .from(insightQuestions)
    .where(and(eq(insightQuestions.projectId, projectId), isNull(insightQuestions.clusterId)))
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
  const clusters = await ctx.db
    .select({ id: insightClusters.id, topicId: insightClusters.topicId, size: insightClusters.size, label: insightClusters.label, centre: insightClusters.centre })
    .from(insightClusters)
    .where(eq(insightClusters.projectId, projectId))
    .orderBy(asc(insightClusters.lastJoinedAt), asc(insightClusters.id));
  const result = await ctx.insight.grouper.group(cursor?.grouping ?? {}, clusters, questions);
  await ctx.db.transaction(async (tx) => {
    const [cursor] = await tx.select({ holder: insightCursors.leaseHolder }).from(insightCursors).where(eq(insightCursors.projectId, projectId)).for('update');
    if (cursor?.holder !== job.row.id) throw new LeaseLost();
    await storeGrouping({ ...ctx, db: tx }, projectId, clusters, result);
  });
  return pending.length;
}

/**
 * Writes a batch's grouping in one transaction: the new clusters and the ones questions joined, the
 * questions' clusters and topics, the topics as regrouped (new ones made, clusters that moved taking
 * their questions along), and the topics absorbed (their fixes handed over, then deleted).
 */
async function storeGrouping(ctx: AppContext, projectId: string, before: readonly { id: string; topicId: string }[], result: GroupingResult & Regrouping): Promise<void> {
  const now = ctx.now();
  // Absorbed topics are locked first: a fix being recorded on one finishes before its fixes move.
  const absorbed = [...result.absorbed.keys()];
  if (absorbed.length) await ctx.db.select({ id: insightTopics.id }).from(insightTopics).where(inArray(insightTopics.id, absorbed)).for('update');

  const topicIds = new Map<string, string>();
  for (const topic of new Set(result.topicOf.values())) if (topic.startsWith(NEW_TOPIC_PREFIX)) topicIds.set(topic, randomUUID());
  const newTopics = [...topicIds.values()].map((id) => ({ id, projectId, label: '', lastJoinedAt: now, createdAt: now, updatedAt: now }));
  for (let start = 0; start < newTopics.length; start += ROWS_AT_ONCE) await ctx.db.insert(insightTopics).values(newTopics.slice(start, start + ROWS_AT_ONCE));
  const topicOf = (clusterId: string) => {
    const topic = result.topicOf.get(clusterId);
    return topic === undefined ? undefined : (topicIds.get(topic) ?? topic);
  };

  const clusterIds = new Map<string, string>();
  const newClusters = result.created.map(({ key, ...stored }) => {
    const id = randomUUID();
    clusterIds.set(key, id);
    return { id, projectId, topicId: topicOf(key)!, ...stored, lastJoinedAt: now, createdAt: now, updatedAt: now };
  });
  for (let start = 0; start < newClusters.length; start += ROWS_AT_ONCE) await ctx.db.insert(insightClusters).values(newClusters.slice(start, start + ROWS_AT_ONCE));
  for (const cluster of result.changed) {
    await ctx.db
      .update(insightClusters)
      .set({ label: cluster.label, size: cluster.size, centre: cluster.centre, lastJoinedAt: now, updatedAt: now })
      .where(and(eq(insightClusters.id, cluster.id), eq(insightClusters.projectId, projectId)));
  }

  // Clusters that moved to another topic, by the topic they moved to, and the topics they left.
  const moved = new Map<string, string[]>();
  const left = new Set<string>();
  for (const cluster of before) {
    const topicId = topicOf(cluster.id);
    if (!topicId || topicId === cluster.topicId) continue;
    moved.set(topicId, [...(moved.get(topicId) ?? []), cluster.id]);
    left.add(cluster.topicId);
  }
  for (const [topicId, ids] of moved) {
    for (let start = 0; start < ids.length; start += 500) {
      const part = ids.slice(start, start + 500);
      await ctx.db.update(insightClusters).set({ topicId, updatedAt: now }).where(and(eq(insightClusters.projectId, projectId), inArray(insightClusters.id, part)));
      await ctx.db.update(insightQuestions).set({ topicId }).where(and(eq(insightQuestions.projectId, projectId), inArray(insightQuestions.clusterId, part)));
    }
  }

  const byCluster = new Map<string, string[]>();
  for (const [questionId, cluster] of result.joined) {
    const clusterId = clusterIds.get(cluster) ?? cluster;
    byCluster.set(clusterId, [...(byCluster.get(clusterId) ?? []), questionId]);
  }
  const clusterTopics = await ctx.db
    .select({ id: insightClusters.id, topicId: insightClusters.topicId })
    .from(insightClusters)
    .where(and(eq(insightClusters.projectId, projectId), inArray(insightClusters.id, [...byCluster.keys()])));
  for (const { id: clusterId, topicId } of clusterTopics) {
    const questionIds = byCluster.get(clusterId)!;
    for (let start = 0; start < questionIds.length; start += 500) {
      await ctx.db
        .update(insightQuestions)
        .set({ clusterId, topicId })
        .where(and(eq(insightQuestions.projectId, projectId), inArray(insightQuestions.answerId, questionIds.slice(start, start + 500))));
    }
  }

  for (const [from, to] of result.absorbed) {
    await ctx.db.update(insightFixes).set({ topicId: topicIds.get(to) ?? to }).where(and(eq(insightFixes.projectId, projectId), eq(insightFixes.topicId, from)));
  }
  if (absorbed.length) await ctx.db.delete(insightTopics).where(and(eq(insightTopics.projectId, projectId), inArray(insightTopics.id, absorbed)));
  for (const topicId of absorbed) left.delete(topicId);
  await settleTopics(ctx, projectId, [...new Set([...topicIds.values(), ...moved.keys(), ...left, ...clusterTopics.map((cluster) => cluster.topicId)])]);
  await ctx.db.update(insightCursors).set({ grouping: result.state, updatedAt: now }).where(eq(insightCursors.projectId, projectId));
}

/**
 * A topic's size, label and last joining, from its clusters: its label is its largest cluster's (that
 * cluster's most central question), and it comes back from dismissal only when one of its clusters
 * took a question after it.
 */
async function settleTopics(ctx: AppContext, projectId: string, topicIds: string[]): Promise<void> {
  for (let start = 0; start < topicIds.length; start += 500) {
    const part = topicIds.slice(start, start + 500);
    await ctx.db.execute(sql`
      UPDATE insight_topics t SET
        size = s.size, label = s.label, last_joined_at = s.last_joined_at, updated_at = ${ctx.now()}
      FROM (
        SELECT topic_id, sum(size)::int AS size, max(last_joined_at) AS last_joined_at,
          (array_agg(label ORDER BY size DESC, id))[1] AS label
        FROM insight_clusters WHERE project_id = ${projectId} AND topic_id IN (${sql.join(part.map((id) => sql`${id}::uuid`), sql`, `)})
        GROUP BY topic_id
      ) s
      WHERE t.id = s.topic_id AND t.project_id = ${projectId}`);
  }
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
