import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { RETENTION_EVERY_MS, type Job } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conversationContexts, conversations, jobs, projects } from '../../db/schema/index';
import type { RecurringJobs, RunningJob } from '../job/runner';
import { toJob } from '../job/service';

/** Conversations deleted per transaction: short enough never to hold up the event writer for long. */
const CONVERSATIONS_AT_ONCE = 500;
/** After each batch the job rests as long as the batch took, at most this long: answering goes first. */
const MAX_REST_MS = 250;
/** How often each process asks whether a project's retention is due. */
const DUE_CHECK_MS = 60_000;
/** Any constant key: the processes that queue retention jobs take turns (pg_advisory_xact_lock). */
const QUEUE_LOCK = 7_290_112;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Queues a `retention` job for every project with something to delete (a conversation past its
 * retention, or a conversation's kept state past its time) and none queued, running or started
 * within RETENTION_EVERY_MS. Its cut-off (conversations whose last question is older are deleted) is
 * fixed when it is queued, so a run resumed after a restart deletes exactly what the first would have.
 */
export async function queueDueRetention(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK})`);
    await tx.execute(sql`
      WITH due AS (
        SELECT p.id, ${at}::timestamptz - p.retention_days * interval '1 day' AS cutoff FROM projects p WHERE p.importing_since IS NULL
      )
      INSERT INTO jobs (kind, project_id, params, created_at)
      SELECT 'retention', d.id, jsonb_build_object('cutoff', to_char(d.cutoff AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), ${at}::timestamptz
      FROM due d
      WHERE (
          EXISTS (SELECT 1 FROM conversations c WHERE c.project_id = d.id AND c.issued_at < d.cutoff AND c.last_issued_at < d.cutoff)
          OR EXISTS (SELECT 1 FROM conversation_contexts x WHERE x.project_id = d.id AND x.expires_at < ${at}::timestamptz)
        )
        AND NOT EXISTS (
          SELECT 1 FROM jobs j WHERE j.kind = 'retention' AND j.project_id = d.id
            AND (j.status IN ('queued', 'running') OR j.created_at > ${new Date(now.getTime() - RETENTION_EVERY_MS).toISOString()}::timestamptz)
        )`);
  });
}

export const retentionSchedule = (db: Db): RecurringJobs => ({ name: 'retention', everyMs: DUE_CHECK_MS, queue: (now) => queueDueRetention(db, now) });

/**
 * One batch: up to CONVERSATIONS_AT_ONCE conversations of the project whose first and last questions
 * are older than the cut-off, deleted with their events, feedback, failed questions and kept state in
 * one statement, which takes what it deletes off the hourly counts and the visitors the dashboard
 * adds up, so they stay true for what remains. Rows another transaction holds are left to the next
 * batch. Answers how many conversations it deleted.
 */
async function deleteBatch(db: Db, projectId: string, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  const [row] = await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      WITH doomed AS MATERIALIZED (
        SELECT conv_id FROM conversations
        WHERE project_id = ${projectId} AND issued_at < ${at}::timestamptz AND last_issued_at < ${at}::timestamptz
        ORDER BY issued_at LIMIT ${CONVERSATIONS_AT_ONCE}
        FOR UPDATE SKIP LOCKED
      ),
      gone_events AS (
        DELETE FROM events e WHERE e.project_id = ${projectId} AND e.conv_id IN (SELECT conv_id FROM doomed)
        RETURNING e.deployment_id, e.issued_at, e.data_type, e.response_type, e.integration_type, e.input_method
      ),
      event_hours AS (
        SELECT deployment_id, date_trunc('hour', issued_at, 'UTC') AS hour, data_type, response_type, integration_type, input_method, count(*) AS n
        FROM gone_events GROUP BY 1, 2, 3, 4, 5, 6
      ),
      counted_events AS (
        UPDATE event_counts c SET count = c.count - h.n FROM event_hours h
        WHERE c.project_id = ${projectId} AND c.hour = h.hour AND c.deployment_id IS NOT DISTINCT FROM h.deployment_id AND c.data_type = h.data_type
          AND c.response_type IS NOT DISTINCT FROM h.response_type AND c.integration_type = h.integration_type AND c.input_method = h.input_method
        RETURNING 1
      ),
      gone_conversations AS (
        DELETE FROM conversations v WHERE v.conv_id IN (SELECT conv_id FROM doomed)
        RETURNING v.conv_id, v.deployment_id, v.issued_at, v.visitor_id, v.request_count, v.response_count, v.error_count, v.oos_count,
          v.content_count, v.scenario_count, v.handoff_count
      ),
      conversation_hours AS (
        SELECT deployment_id, date_trunc('hour', issued_at, 'UTC') AS hour, count(*)::int AS n,
          count(*) FILTER (WHERE request_count > 0)::int AS requests, count(*) FILTER (WHERE response_count > 0)::int AS responses,
          count(*) FILTER (WHERE error_count > 0)::int AS errors, count(*) FILTER (WHERE oos_count > 0)::int AS oos,
          count(*) FILTER (WHERE content_count > 0)::int AS content, count(*) FILTER (WHERE scenario_count > 0)::int AS scenario,
          count(*) FILTER (WHERE handoff_count > 0)::int AS handoff
        FROM gone_conversations GROUP BY 1, 2
      ),
      counted_conversations AS (
        UPDATE conversation_counts c SET conversations = c.conversations - h.n, with_requests = c.with_requests - h.requests,
          with_responses = c.with_responses - h.responses, with_errors = c.with_errors - h.errors, with_oos = c.with_oos - h.oos,
          with_content = c.with_content - h.content, with_scenario = c.with_scenario - h.scenario, with_handoff = c.with_handoff - h.handoff
        FROM conversation_hours h
        WHERE c.project_id = ${projectId} AND c.hour = h.hour AND c.deployment_id IS NOT DISTINCT FROM h.deployment_id
        RETURNING 1
      ),
      gone_visitors AS (
        DELETE FROM visitors s USING (SELECT DISTINCT deployment_id, visitor_id, conv_id FROM gone_conversations) g
        WHERE s.project_id = ${projectId} AND s.deployment_id IS NOT DISTINCT FROM g.deployment_id AND s.visitor_id = coalesce(g.visitor_id, g.conv_id::text)
          AND NOT EXISTS (
            SELECT 1 FROM conversations o
            WHERE o.project_id = ${projectId} AND o.visitor_id = g.visitor_id AND o.deployment_id IS NOT DISTINCT FROM g.deployment_id
              AND o.conv_id NOT IN (SELECT conv_id FROM doomed)
          )
        RETURNING 1
      ),
      gone_feedback AS (DELETE FROM feedback f WHERE f.project_id = ${projectId} AND f.conv_id IN (SELECT conv_id FROM doomed) RETURNING 1),
      gone_questions AS (DELETE FROM insight_questions q WHERE q.project_id = ${projectId} AND q.conv_id IN (SELECT conv_id FROM doomed) RETURNING 1),
      gone_contexts AS (DELETE FROM conversation_contexts x WHERE x.conv_id IN (SELECT conv_id FROM doomed) RETURNING 1)
      SELECT (SELECT count(*) FROM gone_conversations)::int AS deleted,
        (SELECT count(*) FROM counted_events) + (SELECT count(*) FROM counted_conversations) + (SELECT count(*) FROM gone_visitors)
          + (SELECT count(*) FROM gone_feedback) + (SELECT count(*) FROM gone_questions) + (SELECT count(*) FROM gone_contexts) AS touched`)) as { rows: { deleted: number }[] };
    // Hours left with nothing to count are no hours of activity.
    await tx.execute(sql`DELETE FROM event_counts WHERE project_id = ${projectId} AND hour < ${at}::timestamptz AND count <= 0`);
    await tx.execute(sql`DELETE FROM conversation_counts WHERE project_id = ${projectId} AND hour < ${at}::timestamptz AND conversations <= 0`);
    return result.rows;
  });
  return Number(row?.deleted ?? 0);
}

/**
 * The retention of one project's conversations (job kind `retention`, queued by queueDueRetention):
 * deletes the conversations past its cut-off a batch at a time, resting between batches so answering
 * never waits behind it, with its progress in conversations; then the project's expired kept states
 * and the inbox's topics left without a question or a fix. Killed midway, the job is claimed again
 * and goes on with the same cut-off: each batch is one transaction, and nothing newer is touched.
 */
export async function runRetentionJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const projectId = job.row.projectId;
  const [project] = await ctx.db.select({ retentionDays: projects.retentionDays }).from(projects).where(eq(projects.id, projectId));
  const cutoffText = job.row.params.cutoff;
  // Kept forever (then or since it was queued): only the kept states past their time go.
  if (project && project.retentionDays !== null && typeof cutoffText === 'string') {
    // A retention lengthened since the job was queued keeps what the new one keeps.
    const cutoff = new Date(Math.min(new Date(cutoffText).getTime(), job.row.createdAt.getTime() - project.retentionDays * DAY_MS));
    await deleteConversations(ctx, job, projectId, cutoff);
  }
  await ctx.db.delete(conversationContexts).where(and(eq(conversationContexts.projectId, projectId), lt(conversationContexts.expiresAt, ctx.now())));
  await ctx.db.execute(sql`
    DELETE FROM insight_topics t WHERE t.project_id = ${projectId}
      AND NOT EXISTS (SELECT 1 FROM insight_questions q WHERE q.topic_id = t.id)
      AND NOT EXISTS (SELECT 1 FROM insight_fixes f WHERE f.topic_id = t.id)`);
}

/** The conversations past the cut-off, a batch at a time, with the job's progress in conversations. */
async function deleteConversations(ctx: AppContext, job: RunningJob, projectId: string, cutoff: Date): Promise<void> {
  const [due] = await ctx.db
    .select({ total: count() })
    .from(conversations)
    .where(and(eq(conversations.projectId, projectId), lt(conversations.issuedAt, cutoff), lt(conversations.lastIssuedAt, cutoff)));
  const total = job.row.done + Number(due?.total ?? 0);
  let done = job.row.done;
  await job.progress(done, total);
  for (;;) {
    const began = performance.now();
    const deleted = await deleteBatch(ctx.db, projectId, cutoff);
    if (!deleted) break;
    done += deleted;
    await job.progress(done, Math.max(total, done));
    await sleep(Math.min(performance.now() - began, MAX_REST_MS), undefined, { signal: job.signal });
  }
}

/** The project's latest retention job, as the API shows jobs. */
export async function latestRetention(ctx: AppContext, projectId: string): Promise<Job | null> {
  const [row] = await ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, 'retention')))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row ? toJob(row, ctx.now()) : null;
}
