import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { JOB_HEARTBEAT_MS, JOB_MAX_ATTEMPTS, JOB_STALE_MS, jobMessages, type JobKind } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { jobs, type JobRow } from '../../db/schema/index';

/** What a handler is given: its job, a way to report progress, and a signal aborted on cancel or shutdown. */
export interface RunningJob {
  row: JobRow;
  signal: AbortSignal;
  /** Stores progress (and beats); throws the signal's reason once the job was cancelled or the process stops. */
  progress: (done: number, total?: number) => Promise<void>;
}

/**
 * Runs one kind of job. It stores its results as it goes, so a job claimed again after its runner
 * stopped carries on from what is stored; it returns once everything is stored (the job succeeded)
 * or throws (it failed, with the error's message).
 */
export type JobHandler = (job: RunningJob) => Promise<void>;

/** How a job ended without succeeding, with the error it records. */
export interface JobEnd {
  status: 'failed' | 'cancelled';
  error: string;
}

/** One kind of job: how it runs and, when its own record says whether it is running, how that record ends. */
export interface JobKindHandler {
  run: JobHandler;
  /**
   * Ends the kind's own record when the job ends without succeeding, also where its handler never
   * ran or could not say so (cancelled while queued, given up after JOB_MAX_ATTEMPTS), in the
   * transaction that ends the job: a record never stays running with no job left to finish it.
   */
  settle?: (tx: Db, row: JobRow, end: JobEnd) => Promise<void>;
}

/**
 * Work that comes due with time (the retention of a project's conversations): every process asks,
 * each poll once `everyMs` has passed since it last asked, and `queue` inserts the jobs now due. What
 * is due is read from the database (the jobs of that kind already queued or recently run), so a
 * process that stops loses nothing and two that ask at once queue a job once.
 */
export interface RecurringJobs {
  name: string;
  everyMs: number;
  queue: (now: Date) => Promise<void>;
}

/** Why a job stopped before its end, as its signal's reason. */
class JobStopped extends Error {
  constructor(readonly why: 'cancelled' | 'shutdown' | 'lost') {
    super(why);
  }
}

const POLL_MS = 1000;
/** Said at start-up by a process started with BACKGROUND_JOBS=off. */
export const NO_BACKGROUND_JOBS =
  "BACKGROUND_JOBS is off: this process runs no background job (test runs, replays, source pulls, the inbox's grouping, retention). Another process on the same database must run them; with the embedded database none will.";

/**
 * Jobs one process runs at once: two, so a source pull (waiting on the network) never waits behind a
 * long replay; each job yields to live questions between its slices.
 */
const JOBS_AT_ONCE = 2;

/**
 * The job runner of one server process. Every process polls the jobs table and claims the oldest
 * queued job, or a running one whose runner stopped beating (JOB_STALE_MS), with one UPDATE over a
 * `SELECT ... FOR UPDATE SKIP LOCKED`: two processes never claim the same job. While a job runs its
 * runner beats every JOB_HEARTBEAT_MS and reads whether it was cancelled; a runner that finds the job
 * no longer its own (another claimed it after a pause) stops. On shutdown the jobs in hand stop at
 * their next step and go back to the queue, to be resumed by the next process that polls.
 */
export class JobRunner {
  /** This process's name on the jobs it claims. */
  readonly id = randomUUID();
  private readonly running = new Map<string, Promise<void>>();
  private readonly controllers = new Map<string, AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopped = true;
  private handlers: Record<JobKind, JobKindHandler> | null = null;
  private recurring: { jobs: RecurringJobs; askedAt: number }[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { now: () => Date; pollMs?: number | undefined; concurrency?: number | undefined },
  ) {}

  /** Starts polling, with the handler of each kind (they need the app's context, which holds this runner) and the work that comes due. */
  start(handlers: Record<JobKind, JobKindHandler>, recurring: RecurringJobs[] = []): void {
    this.handlers = handlers;
    this.recurring = recurring.map((jobs) => ({ jobs, askedAt: -Infinity }));
    this.stopped = false;
    this.schedule(0);
  }

  /** Polls now (a job was just queued by this process). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
    for (const controller of this.controllers.values()) controller.abort(new JobStopped('shutdown'));
    await Promise.allSettled([...this.running.values()]);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
        if (!this.stopped) this.schedule(this.options.pollMs ?? POLL_MS);
      });
    }, delay);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    await this.queueDue();
    try {
      while (!this.stopped && this.running.size < (this.options.concurrency ?? JOBS_AT_ONCE)) {
        const row = await this.claim();
        if (!row) return;
        this.run(row);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'claiming a job failed');
    }
  }

  private async queueDue(): Promise<void> {
    for (const entry of this.recurring) {
      if (this.stopped || performance.now() - entry.askedAt < entry.jobs.everyMs) continue;
      entry.askedAt = performance.now();
      try {
        await entry.jobs.queue(this.options.now());
      } catch (error) {
        this.log.warn({ err: error, recurring: entry.jobs.name }, 'queueing the jobs due failed');
      }
    }
  }

  private async claim(): Promise<JobRow | null> {
    const now = this.options.now();
    const candidate = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(or(eq(jobs.status, 'queued'), and(eq(jobs.status, 'running'), lt(jobs.heartbeatAt, new Date(now.getTime() - JOB_STALE_MS)))))
      .orderBy(asc(jobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'running', runner: this.id, heartbeatAt: now, attempts: sql`${jobs.attempts} + 1`, startedAt: sql`coalesce(${jobs.startedAt}, ${now})` })
      .where(inArray(jobs.id, candidate))
      .returning();
    if (!row) return null;
    if (row.attempts > JOB_MAX_ATTEMPTS) {
      await this.finish(row.id, { status: 'failed', error: jobMessages.stoppedTooOften(row.attempts - 1) });
      return this.claim();
    }
    return row;
  }

  private run(row: JobRow): void {
    const handler = this.handlers![row.kind].run;
    const controller = new AbortController();
    this.controllers.set(row.id, controller);
    let lastBeat = performance.now();
    const beat = async (set: Partial<Pick<JobRow, 'done' | 'total'>> = {}): Promise<void> => {
      lastBeat = performance.now();
      const [current] = await this.db
        .update(jobs)
        .set({ ...set, heartbeatAt: this.options.now() })
        .where(and(eq(jobs.id, row.id), eq(jobs.runner, this.id), eq(jobs.status, 'running')))
        .returning({ cancel: jobs.cancelRequested });
      if (!current) controller.abort(new JobStopped('lost'));
      else if (current.cancel) controller.abort(new JobStopped('cancelled'));
    };
    const heart = setInterval(() => {
      if (performance.now() - lastBeat >= JOB_HEARTBEAT_MS) beat().catch((error: unknown) => this.log.warn({ err: error, job: row.id }, 'a job heartbeat failed'));
    }, JOB_HEARTBEAT_MS / 2);
    heart.unref();
    const progress = async (done: number, total?: number): Promise<void> => {
      controller.signal.throwIfAborted();
      await beat(total === undefined ? { done } : { done, total });
      controller.signal.throwIfAborted();
    };
    const work = handler({ row, signal: controller.signal, progress })
      .then(
        () => this.finish(row.id, { status: 'succeeded' }),
        (error: unknown) => {
          const reason = controller.signal.aborted ? controller.signal.reason : error;
          if (reason instanceof JobStopped) {
            if (reason.why === 'cancelled') return this.finish(row.id, { status: 'cancelled', error: jobMessages.cancelled });
            // Shutdown: back to the queue for whichever process polls next; lost: another runner has it.
            if (reason.why === 'shutdown') return this.requeue(row.id);
            return;
          }
          // The job's error is stored and shown; a page a pull could not fetch is no fault of the server.
          this.log.warn({ err: error, job: row.id, kind: row.kind }, 'a job failed');
          return this.finish(row.id, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
        },
      )
      .catch((error: unknown) => this.log.error({ err: error, job: row.id }, 'recording the end of a job failed'))
      .finally(() => {
        clearInterval(heart);
        this.controllers.delete(row.id);
        this.running.delete(row.id);
        this.wake();
      });
    this.running.set(row.id, work);
  }

  private async finish(id: string, end: JobEnd | { status: 'succeeded' }): Promise<void> {
    const ended = end.status === 'succeeded' ? { status: end.status, error: null, done: sql`${jobs.total}` } : end;
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobs)
        .set({ ...ended, finishedAt: this.options.now() })
        .where(and(eq(jobs.id, id), eq(jobs.runner, this.id)))
        .returning();
      if (row && end.status !== 'succeeded') await this.settle(tx, row, end);
    });
  }

  /** Ends the record of a job that ended without succeeding, in the caller's transaction that ends the job. */
  async settle(tx: Db, row: JobRow, end: JobEnd): Promise<void> {
    await this.handlers?.[row.kind].settle?.(tx, row, end);
  }

  private async requeue(id: string): Promise<void> {
    // A clean stop is no failed attempt.
    await this.db
      .update(jobs)
      .set({ status: 'queued', runner: null, heartbeatAt: null, attempts: sql`${jobs.attempts} - 1` })
      .where(and(eq(jobs.id, id), eq(jobs.runner, this.id), eq(jobs.status, 'running')));
  }
}

/**
 * At start-up on the embedded database, which no other process shares, a job left running was the
 * stopped process's: it goes back to the queue at once instead of after JOB_STALE_MS.
 */
export async function requeueJobsLeftAtStartUp(db: Db, kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind !== 'pglite') return;
  await db.update(jobs).set({ status: 'queued', runner: null, heartbeatAt: null }).where(eq(jobs.status, 'running'));
}
