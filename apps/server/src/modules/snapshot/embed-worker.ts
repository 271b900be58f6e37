import { setPriority } from 'node:os';
import { DIMENSIONS, loadEncoder } from '@console/encoder';
import { serveJobs } from '../../platform/worker-thread';

/**
 * An embedding worker (a worker thread, started by ./embedder.ts): the sentence encoder takes
 * milliseconds a text, so a sync's texts are embedded here, never on the thread that answers requests.
 * The encoder loads on the first job. Vectors go back packed in one buffer, moved rather than copied.
 */

export interface EmbedJob {
  id: number;
  texts: string[];
  /** Offline work (test runs, replays): the worker yields the cores to live questions (below). */
  background?: boolean;
}

/**
 * A worker given background work (one of the offline embedder's, never a sync's) runs from then on at
 * the lowest priority, so it takes only the processor time live questions leave. On Linux a thread's
 * priority is its own; elsewhere it is the whole process's, which must not be lowered.
 */
let yielding = false;
function yieldToLiveWork(): void {
  if (yielding || process.platform !== 'linux') return;
  setPriority(19);
  yielding = true;
}

export type EmbedOutcome = { id: number; vectors: Float32Array<ArrayBuffer> } | { id: number; error: string };

serveJobs(
  async (job: EmbedJob): Promise<EmbedOutcome> => {
    try {
      if (job.background) yieldToLiveWork();
      const encoder = await loadEncoder();
      const vectors = await encoder.embed(job.texts);
      const packed = new Float32Array(vectors.length * DIMENSIONS);
      vectors.forEach((vector, i) => packed.set(vector, i * DIMENSIONS));
      return { id: job.id, vectors: packed };
    } catch (error) {
      return { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  },
  (outcome) => ('vectors' in outcome ? [outcome.vectors.buffer] : []),
);
