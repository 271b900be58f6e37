import { setImmediate as nextTurn } from 'node:timers/promises';
import { answer, questionTexts, type AnswerResult, type ConversationState, type EngineIndex } from '@console/engine';
import type { TextEmbedder } from '../snapshot/embedder';

/** Conversations answered between two turns of the event loop: live questions wait no longer than this. */
const CONVERSATIONS_PER_SLICE = 25;

/**
 * Asks conversations (earlier questions, then the question) of one or more versions' indexes as the
 * chat API answers them, but offline: nothing is stored, no conversation is touched, and neither a
 * model endpoint (genhybrid: the ranked answer stands) nor a team's business-logic endpoint is
 * called (a flow's step is where the flow stands when it would call). Each text needing a sentence
 * vector is embedded once, in the embedding workers, whatever the number of versions: the vectors of
 * one asker are shared by every index it asks. The engine runs on this thread in slices, with a turn of
 * the event loop between them, so live questions are answered in between.
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
      for (let start = 0; start < asked.length; start += CONVERSATIONS_PER_SLICE) {
        for (const c of asked.slice(start, start + CONVERSATIONS_PER_SLICE)) {
          const utterance = conversations[c]![turn]!;
          indexes.forEach((index, i) => {
            const vectors = index.understanding === 'semantic' ? this.vectors : undefined;
            const result = answer(index, states[i]![c]!, vectors ? { utterance, now, vectors } : { utterance, now }, { generation: false });
            states[i]![c] = result.state;
            if (turn === conversations[c]!.length - 1) answers[i]![c] = result;
          });
        }
        await nextTurn();
      }
    }
    return answers;
  }

  private async embedMissing(texts: readonly string[]): Promise<void> {
    const missing = [...new Set(texts)].filter((text) => !this.vectors.has(text));
    if (!missing.length) return;
    const flat = await this.embedder.embed(missing);
    const dimensions = flat.length / missing.length;
    missing.forEach((text, i) => this.vectors.set(text, flat.subarray(i * dimensions, (i + 1) * dimensions)));
  }
}
