import type { Snapshot } from '@console/contracts';
import type { EngineIndex } from '@console/engine';
import { JobThread } from '../../platform/worker-thread';
import type { CompileJob, CompileOutcome } from './compile-worker';

/** Compiles snapshots in one long-lived worker thread, one job after another, so the request thread keeps answering while a large project compiles. */
export class SnapshotCompiler {
  private readonly thread = new JobThread<CompileJob, CompileOutcome>(new URL('./compile-worker.ts', import.meta.url), 'the compile worker');
  private nextId = 1;

  compile(snapshot: Snapshot): Promise<EngineIndex> {
    return new Promise<EngineIndex>((resolve, reject) => {
      this.thread.post({ id: this.nextId++, snapshot }, (outcome) => {
        if (outcome instanceof Error) reject(outcome);
        else if ('error' in outcome) reject(new Error(`compiling the snapshot failed: ${outcome.error}`));
        else resolve(outcome.index);
        return true;
      });
    });
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
