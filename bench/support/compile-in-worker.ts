import { Worker } from 'node:worker_threads';
import type { EngineIndex, TextVectors } from '@console/engine';
import type { Snapshot } from '@console/contracts';

/**
 * Compiles in a worker thread, as the server does: the index arrives by structured clone and the
 * compile's garbage stays in the worker's heap, so timing `answer` afterwards measures `answer`.
 * A semantic project's compile takes the vectors of its texts (`textsToEmbed`).
 */
export function compileInWorker(snapshot: Snapshot, vectors?: TextVectors): Promise<EngineIndex> {
  const worker = new Worker(new URL('./compile-worker.mjs', import.meta.url), { workerData: { snapshot, vectors } });
  return new Promise((resolve, reject) => {
    worker.once('message', (index: EngineIndex) => {
      void worker.terminate();
      resolve(index);
    });
    worker.once('error', reject);
  });
}
