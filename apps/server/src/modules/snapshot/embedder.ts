import { DIMENSIONS } from '@console/encoder/model';
import { JobThread } from '../../platform/worker-thread';
import type { EmbedJob, EmbedOutcome } from './embed-worker';

/**
 * Embedding workers per process. A large sync's texts are shared between two (on this project's
 * two-core reference machine a full sync of 15,000 texts must stay within a minute, and one encoder
 * takes about 6 ms a text); a small one uses the first alone.
 */
const EMBEDDING_THREADS = 2;
/**
 * Texts handed to a worker at a time: workers take the next part as they finish one, so a slower core
 * does not hold the sync back. A batch is split evenly up to that size, but never into parts so small
 * that starting a second encoder (0.3 s, a few hundred megabytes) costs more than it saves.
 */
const MAX_PART = 256;
const MIN_PART = 64;
/**
 * An idle embedding worker stops (handing back its encoder's few hundred megabytes) after this long: a
 * sync's parts follow one another at once, and syncs are minutes apart, so the next sync starting it
 * again (about 0.3 s) costs less than a server holding two idle encoders for half a minute after each.
 */
const IDLE_STOP_MS = 1_000;

/** Embeds texts off the request thread; the vectors come back packed, text i at i * DIMENSIONS. */
export class TextEmbedder {
  private readonly threads: JobThread<EmbedJob, EmbedOutcome>[];
  private nextId = 1;

  /** `background`: offline work (test runs, replays), whose workers run at the lowest priority (./embed-worker.ts). */
  constructor(private readonly options: { background?: boolean } = {}) {
    const file = new URL('./embed-worker.ts', import.meta.url);
    this.threads = Array.from(
      { length: EMBEDDING_THREADS },
      () => new JobThread<EmbedJob, EmbedOutcome>(file, 'an embedding worker', { idleStopMs: IDLE_STOP_MS }),
    );
  }

  async embed(texts: readonly string[]): Promise<Float32Array<ArrayBuffer>> {
    const packed = new Float32Array(texts.length * DIMENSIONS);
    const part = Math.min(MAX_PART, Math.max(MIN_PART, Math.ceil(texts.length / this.threads.length)));
    let next = 0;
    const work = async (thread: JobThread<EmbedJob, EmbedOutcome>) => {
      while (next < texts.length) {
        const start = next;
        next += part;
        packed.set(await this.run(thread, texts.slice(start, start + part)), start * DIMENSIONS);
      }
    };
    await Promise.all(this.threads.slice(0, Math.ceil(texts.length / part)).map(work));
    return packed;
  }

  close(): Promise<void> {
    return Promise.all(this.threads.map((thread) => thread.close())).then(() => undefined);
  }

  private async run(thread: JobThread<EmbedJob, EmbedOutcome>, texts: string[]): Promise<Float32Array<ArrayBuffer>> {
    const outcome = await thread.request({ id: this.nextId++, texts, ...(this.options.background ? { background: true } : {}) });
    if ('error' in outcome) throw new Error(`embedding failed: ${outcome.error}`);
    return outcome.vectors;
  }
}
