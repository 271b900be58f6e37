import { setTimeout as sleep } from 'node:timers/promises';
import { answer, questionTexts, type AnswerResult, type ConversationState, type EngineIndex } from '@console/engine';
import type { TextEmbedder } from '../snapshot/embedder';

/** The longest the engine answers on this thread between two turns of the event loop: what a live question waits for it at most. */
const SLICE_MS = 2;
/**
 * After each stretch of work (a slice of answers, or a part of the texts embedded in a worker) the
 * asker rests this many times as long as it worked: offline questions take at most half of this
 * thread, and their embedding worker, at the lowest priority besides (TextEmbedder's `background`),
 * at most half of a core.
 */
const REST_PER_WORK = 1;
/**
 * Texts embedded in one run of an embedding worker: about a tenth of a second of one encoder (never
 * both workers at once), after which the asker rests.
 */
const EMBEDDED_AT_ONCE = 16;
/**
 * The longest rest: shorter than the pause after which an idle embedding worker stops, so a part that
 * took long (the worker's first, loading its encoder) is not followed by loading it again.
 */
const MAX_REST_MS = 250;

/** Rests after work begun at `since` (a performance.now() reading): REST_PER_WORK times as long as it took, at most MAX_REST_MS. */
const rest = (since: number) => sleep(Math.min((performance.now() - since) * REST_PER_WORK, MAX_REST_MS));

/**
 * Asks conversations (earlier questions, then the question) of one or more versions' indexes as the
 * chat API answers them, but offline: nothing is stored, no conversation is touched, and neither a
 * model endpoint (genhybrid: the ranked answer stands) nor a team's business-logic endpoint is
 * called (a flow's step is where the flow stands when it would call). Each text needing a sentence
 * vector is embedded once, in the embedding workers, whatever the number of versions: the vectors of
 * one asker are shared by every index it asks. Offline questions yield to live ones: the engine runs
 * on this thread in slices of SLICE_MS, the texts are embedded a few at a time by workers of the lowest
 * priority, and the asker rests after each slice and each part (REST_PER_WORK).
 */
export class OfflineAsker {
  private readonly vectors = new Map<string, Float32Array>();

  constructor(
    private readonly embedder: TextEmbedder,
    private readonly now: () => Date,
  ) {}

  /**
   * The answer of each conversation's last question, for each index: `answers[i][c]` is index i's
   * answer to conversation c. Turns are asked together across conversations, so the texts of one turn
   * are embedded in one run.
   */
  async ask(indexes: readonly EngineIndex[], conversations: readonly (readonly string[])[]): Promise<AnswerResult[][]> {
    const answers = indexes.map(() => new Array<AnswerResult>(conversations.length));
    const states = indexes.map(() => new Array<ConversationState | null>(conversations.length).fill(null));
    const turns = Math.max(0, ...conversations.map((questions) => questions.length));
    const now = this.now().toISOString();
    for (let turn = 0; turn < turns; turn++) {
      const asked = conversations.flatMap((questions, c) => (turn < questions.length ? [c] : []));
      await this.embedMissing(indexes.flatMap((index, i) => asked.flatMap((c) => questionTexts(index, states[i]![c]!, conversations[c]![turn]!))));
      let slice = performance.now();
      for (const c of asked) {
        const utterance = conversations[c]![turn]!;
        for (const [i, index] of indexes.entries()) {
          const vectors = index.understanding === 'semantic' ? this.vectors : undefined;
          const result = answer(index, states[i]![c]!, vectors ? { utterance, now, vectors } : { utterance, now }, { generation: false });
          states[i]![c] = result.state;
          if (turn === conversations[c]!.length - 1) answers[i]![c] = result;
          if (performance.now() - slice >= SLICE_MS) {
            await rest(slice);
            slice = performance.now();
          }
        }
      }
    }
    return answers;
  }

  /** Embeds the texts not embedded yet, EMBEDDED_AT_ONCE at a time, resting after each part. */
  private async embedMissing(texts: readonly string[]): Promise<void> {
    const missing = [...new Set(texts)].filter((text) => !this.vectors.has(text));
    for (let start = 0; start < missing.length; start += EMBEDDED_AT_ONCE) {
      const started = performance.now();
      const part = missing.slice(start, start + EMBEDDED_AT_ONCE);
      const flat = await this.embedder.embed(part);
      const dimensions = flat.length / part.length;
      part.forEach((text, i) => this.vectors.set(text, flat.subarray(i * dimensions, (i + 1) * dimensions)));
      await rest(started);
    }
  }
}
