import type { ProjectArchive } from '@console/contracts';
import { AppError } from '../../platform/errors';
import { serveJobs } from '../../platform/worker-thread';
import { parseArchiveFile } from './check-archive';

/**
 * The archive check worker (a worker thread, started by ./check-in-worker.ts): reading and checking
 * an archive of many megabytes takes seconds, so it never runs on the thread that answers requests.
 * The checked archive is plain data, handed back by structured clone; a refusal comes back as its
 * message.
 */

export interface CheckJob {
  id: number;
  file: Uint8Array;
}

export type CheckOutcome = { id: number; archive: ProjectArchive } | { id: number; refusal: string } | { id: number; error: string };

serveJobs((job: CheckJob): CheckOutcome => {
  try {
    return { id: job.id, archive: parseArchiveFile(Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength)) };
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return { id: job.id, refusal: error.detail };
    return { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
});
