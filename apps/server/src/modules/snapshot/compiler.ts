import type { Snapshot } from '@console/contracts';
import type { EngineIndex } from '@console/engine';
import { JobThread } from '../../platform/worker-thread';
import type { CompileJob, CompileOutcome } from './compile-worker';
import type { PackedVectors } from './text-vectors';

/**
 * Compiles snapshots in one worker thread, one job after another, so the request thread keeps
 * answering while a large project compiles. A second idle, it stops, handing back the memory a large
 * compile left in its heap (hundreds of megabytes for 15,000 utterances): compiles come one after
 * another or minutes apart (syncs, index-cache misses), and it starts again in about 0.3 s.
 */
export class SnapshotCompiler {
  private readonly thread = new JobThread<CompileJob, CompileOutcome>(new URL('./compile-worker.ts', import.meta.url), 'the compile worker', {
    idleStopMs: 1_000,
  });
  private nextId = 1;

  /** The vectors' buffer moves to the worker: it is unusable here afterwards. */
  async compile(snapshot: Snapshot, vectors: PackedVectors): Promise<EngineIndex> {
    const outcome = await this.thread.request({ id: this.nextId++, snapshot, vectors }, [vectors.data.buffer]);
    if ('error' in outcome) throw new Error(`compiling the snapshot failed: ${outcome.error}`);
    return outcome.index;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
