import type { Snapshot } from '@console/contracts';
import { compile, type EngineIndex } from '@console/engine';
import { serveJobs } from '../../platform/worker-thread';
import { unpackVectors, type PackedVectors } from './text-vectors';

/**
 * The compile worker (a worker thread, started by ./compiler.ts): compiling a large project takes
 * seconds, so it never runs on the thread that answers requests. The vectors of the snapshot's texts
 * arrive packed (moved, not copied); the index is plain data, handed back by structured clone.
 */

export interface CompileJob {
  id: number;
  snapshot: Snapshot;
  vectors: PackedVectors;
}

export type CompileOutcome = { id: number; index: EngineIndex } | { id: number; error: string };

serveJobs((job: CompileJob): CompileOutcome => {
  try {
    return { id: job.id, index: compile(job.snapshot, unpackVectors(job.vectors)) };
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
});
