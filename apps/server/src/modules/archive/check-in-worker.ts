import type { ProjectArchive } from '@console/contracts';
import { AppError } from '../../platform/errors';
import { JobThread } from '../../platform/worker-thread';
import type { CheckJob, CheckOutcome } from './check-worker';

/**
 * One worker for every import of the process, started on first use; idle, it holds nothing open, and
 * after a minute idle it stops, handing back the memory a large archive's parse left in its heap.
 */
const thread = new JobThread<CheckJob, CheckOutcome>(new URL('./check-worker.ts', import.meta.url), 'the archive check worker', { idleStopMs: 60_000 });
let nextId = 1;

/** parseArchiveFile off the request thread: the checked archive, or the same 400 it would throw. */
export async function parseArchiveFileInWorker(file: Buffer): Promise<ProjectArchive> {
  const outcome = await thread.request({ id: nextId++, file });
  if ('refusal' in outcome) throw AppError.badRequest(outcome.refusal);
  if ('error' in outcome) throw new Error(`checking the archive failed: ${outcome.error}`);
  return outcome.archive;
}
