import { z } from 'zod';

/**
 * Background jobs (test runs, replays, source pulls): one mechanism for every kind, kept in the
 * database, so any server process shows a job's progress and cancels it, and exactly one runs it.
 */

export const jobKinds = ['test_run', 'replay', 'source_pull', 'insight_grouping', 'fix_check', 'retention'] as const;
export type JobKind = (typeof jobKinds)[number];

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** A finished job changes no more. */
export const finishedJobStatuses: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

/** How often a running job's runner writes that it is alive (and reads whether it was cancelled). */
export const JOB_HEARTBEAT_MS = 2000;
/** A running job whose runner has not beaten for this long belonged to a stopped process: another claims it. */
export const JOB_STALE_MS = 30_000;
/** Claims after which a job whose runners keep stopping is failed instead of claimed again. */
export const JOB_MAX_ATTEMPTS = 3;
/** How often the console reads an unfinished job's progress. */
export const JOB_REFRESH_MS = 1000;

export const jobMessages = {
  alreadyFinished: 'This job has already finished.',
  cancelled: 'Cancelled.',
  stoppedTooOften: (attempts: number) => `The server stopped while running this job ${attempts} times; it was not started again.`,
} as const;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(jobKinds),
  status: z.enum(jobStatuses),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  cancel_requested: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Time left at the pace so far (null until something is done, and once finished). */
  eta_ms: z.number().int().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
