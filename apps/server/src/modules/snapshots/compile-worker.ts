import type { Snapshot } from '@console/contracts';
import { compile, type EngineIndex } from '@console/engine';
import { serveJobs } from '../../platform/worker-thread';

/**
 * The compile worker (a worker thread, started by ./compiler.ts): compiling a large project takes
 * seconds, so it never runs on the thread that answers requests. The index is plain data, handed
 * back by structured clone.
 */

export interface CompileJob {
  id: number;
  snapshot: Snapshot;
}

export type CompileOutcome = { id: number; index: EngineIndex } | { id: number; error: string };

serveJobs((job: CompileJob): CompileOutcome => {
  try {
    return { id: job.id, index: compile(job.snapshot) };
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
});
