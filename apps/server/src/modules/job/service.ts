import { and, eq, inArray } from 'drizzle-orm';
import { jobMessages, type Job, type JobKind } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { jobs, type JobRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';

interface NewJob {
  kind: JobKind;
  projectId: string;
  params?: Record<string, unknown>;
  total?: number;
  createdBy: string | null;
}

/**
 * Queues a job in the caller's transaction (so the record it works for and the job exist together);
 * call `ctx.jobs.wake()` once committed, so this process claims it without waiting for its next poll.
 */
export async function queueJob(tx: Db, job: NewJob, now: Date): Promise<JobRow> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind: job.kind, projectId: job.projectId, params: job.params ?? {}, total: job.total ?? 0, createdBy: job.createdBy, createdAt: now })
    .returning();
  return row!;
}

/** A job as the API shows it, with the time left at its pace so far. */
export function toJob(row: JobRow, now: Date): Job {
  const running = row.status === 'running' && row.startedAt && row.done > 0 && row.total > row.done;
  const eta = running ? Math.round(((now.getTime() - row.startedAt!.getTime()) / row.done) * (row.total - row.done)) : null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    done: row.done,
    total: row.total,
    error: row.error,
    cancel_requested: row.cancelRequested,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    eta_ms: eta,
  };
}

/** The jobs of these ids, by id (for the records that name them). */
export async function jobsById(db: Db, ids: readonly (string | null)[]): Promise<Map<string, JobRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select().from(jobs).where(inArray(jobs.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

async function projectJob(ctx: AppContext, { project }: ProjectAccess, jobId: string): Promise<JobRow> {
  const [row] = await ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.projectId, project.id)))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

export async function readJob(ctx: AppContext, access: ProjectAccess, jobId: string): Promise<Job> {
  return toJob(await projectJob(ctx, access, jobId), ctx.now());
}

/**
 * Cancels a job: a queued one at once; a running one is asked to stop, which its runner (in whichever
 * process) reads at its next beat. A finished job is a 409.
 */
export async function cancelJob(ctx: AppContext, access: ProjectAccess, jobId: string): Promise<Job> {
  const row = await projectJob(ctx, access, jobId);
  const now = ctx.now();
  const queued = await ctx.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(jobs)
      .set({ status: 'cancelled', cancelRequested: true, error: jobMessages.cancelled, finishedAt: now })
      .where(and(eq(jobs.id, row.id), eq(jobs.status, 'queued')))
      .returning();
    if (cancelled) await ctx.jobs.settle(tx, cancelled, { status: 'cancelled', error: jobMessages.cancelled });
    return cancelled;
  });
  if (queued) return toJob(queued, now);
  const [running] = await ctx.db
    .update(jobs)
    .set({ cancelRequested: true })
    .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')))
    .returning();
  if (running) return toJob(running, now);
  throw AppError.conflict(jobMessages.alreadyFinished);
}
