import { parentPort } from 'node:worker_threads';
import type { Snapshot } from '@console/contracts';
import { compile, type EngineIndex } from '@console/engine';

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

const port = parentPort;
if (!port) throw new Error('compile-worker.ts runs as a worker thread');

port.on('message', (job: CompileJob) => {
  let outcome: CompileOutcome;
  try {
    outcome = { id: job.id, index: compile(job.snapshot) };
  } catch (error) {
    outcome = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(outcome);
});
