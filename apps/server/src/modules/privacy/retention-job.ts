import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { RETENTION_EVERY_MS, type Job } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conversationContexts, conversations, jobs, projects } from '../../db/schema/index';
import type { RecurringJobs, RunningJob } from '../job/runner';
import { deleteConversations } from './delete-conversations';
import { toJob } from '../job/service';

/** Conversations deleted per transaction: short enough never to hold up the event writer for long. */
const CONVERSATIONS_AT_ONCE = 500;
/**
 * After each batch the job rests this many times as long as the batch took (at most MAX_REST_MS):
 * the embedded database runs its statements on the thread that answers, and resting as long as each
 * batch took (half the thread) tripled the chat's p99 at 100 questions/s in the retention bench.
 */
const REST_FACTOR = 3;
const MAX_REST_MS = 1000;
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
 * are older than the cut-off, deleted whole. Rows another transaction holds are left to the next
 * batch. Answers how many conversations it deleted.
 */
async function deleteBatch(db: Db, projectId: string, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  const deleted = await db.transaction((tx) =>
    deleteConversations(
      tx,
      projectId,
      sql`SELECT conv_id FROM conversations
        WHERE project_id = ${projectId} AND issued_at < ${at}::timestamptz AND last_issued_at < ${at}::timestamptz
        ORDER BY issued_at LIMIT ${CONVERSATIONS_AT_ONCE}
        FOR UPDATE SKIP LOCKED`,
    ),
  );
  return deleted.conversations;
}

/**
 * The retention of one project's conversations (job kind `retention`, queued by queueDueRetention):
 * deletes the conversations past its cut-off a batch at a time, resting between batches so answering
 * never waits behind it, with its progress in conversations; then the project's expired kept states.
 * Killed midway, the job is claimed again and goes on with the same cut-off: each batch is one
 * transaction, and nothing newer is touched.
 */
export async function runRetentionJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const projectId = job.row.projectId;
  const [project] = await ctx.db.select({ retentionDays: projects.retentionDays }).from(projects).where(eq(projects.id, projectId));
  const cutoffText = job.row.params.cutoff;
  // Kept forever (then or since it was queued): only the kept states past their time go.
  if (project && project.retentionDays !== null && typeof cutoffText === 'string') {
    // A retention lengthened since the job was queued keeps what the new one keeps.
    const cutoff = new Date(Math.min(new Date(cutoffText).getTime(), job.row.createdAt.getTime() - project.retentionDays * DAY_MS));
    await deleteExpired(ctx, job, projectId, cutoff);
  }
  await ctx.db.delete(conversationContexts).where(and(eq(conversationContexts.projectId, projectId), lt(conversationContexts.expiresAt, ctx.now())));
}

/** The conversations past the cut-off, a batch at a time, with the job's progress in conversations. */
async function deleteExpired(ctx: AppContext, job: RunningJob, projectId: string, cutoff: Date): Promise<void> {
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
    await sleep(Math.min(REST_FACTOR * (performance.now() - began), MAX_REST_MS), undefined, { signal: job.signal });
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
