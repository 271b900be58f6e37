import type { Snapshot } from '@console/contracts';
import type { EngineIndex } from '@console/engine';
import { JobThread } from '../../platform/worker-thread';
import type { CompileJob, CompileOutcome } from './compile-worker';
import type { PackedVectors } from './text-vectors';

/** Compiles snapshots in one long-lived worker thread, one job after another, so the request thread keeps answering while a large project compiles. */
export class SnapshotCompiler {
  private readonly thread = new JobThread<CompileJob, CompileOutcome>(new URL('./compile-worker.ts', import.meta.url), 'the compile worker');
  private nextId = 1;

  /** The vectors' buffer moves to the worker: it is unusable here afterwards. */
  compile(snapshot: Snapshot, vectors: PackedVectors): Promise<EngineIndex> {
    return new Promise<EngineIndex>((resolve, reject) => {
      this.thread.post({ id: this.nextId++, snapshot, vectors }, (outcome) => {
        if (outcome instanceof Error) reject(outcome);
        else if ('error' in outcome) reject(new Error(`compiling the snapshot failed: ${outcome.error}`));
        else resolve(outcome.index);
        return true;
      }, [vectors.data.buffer]);
    });
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
