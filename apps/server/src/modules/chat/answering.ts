import { availableParallelism } from 'node:os';
import { answer, completeCallout, completeGeneration, type AnswerResult, type CalloutOutcome, type EngineIndex, type FlowCallout, type GenerationRequest } from '@console/engine';
import type { Database } from '../../db/client';
import { JobThread } from '../../platform/worker-thread';
import type { AnswerJob, AnswerOutcome } from './answer-worker';
import { BusinessLogicError } from './business-logic-error';
import { renderAnswer, type Question, type RenderedAnswer } from './rendered-answer';

/**
 * Answering workers per process, at most four: the cores left beside the thread that takes requests
 * and the database. The embedded database runs on the request thread; a PostgreSQL server is counted
 * as using a core of this machine (ANSWERING_THREADS says otherwise for one elsewhere). With no core
 * left, the request thread answers itself: the engine takes about 30 µs a question, and handing a
 * question to a worker and its answer back cost more than that where the threads share the cores
 * with the database (chat-load bench, decisions.md).
 */
export function answeringThreads(database: Database['kind']): number {
  return Math.max(0, Math.min(4, availableParallelism() - (database === 'pglite' ? 1 : 2)));
}

interface AnswerHooks {
  /** Sends a genhybrid request (the guarded outbound fetch); its failures come back as `{ error }`. */
  generate: (request: GenerationRequest) => Promise<{ text: string } | { error: string }>;
  /** Calls a flow node's business-logic endpoint (signed, through the guarded outbound fetch), the turn's `position`th call (0 first). */
  call: (callout: FlowCallout, position: number) => Promise<CalloutOutcome>;
  now: () => Date;
}

/**
 * The answering workers of a process: each question goes to the one with the fewest waiting. An index
 * crosses to a worker once (the first question of its snapshot there); after that a question is a
 * few hundred bytes each way. Without workers, the calling thread answers lexical projects.
 * A semantic project's question needs the sentence encoder (about 13 ms for one question, which would
 * stall every other request), and the encoder keeps its worker's core busy while the request thread
 * uses a fraction of its own: semantic questions also go to one more worker, started on first use
 * (decisions.md has the chat-load figures). Lexical projects, tens of microseconds a question, gain
 * nothing from it and lose to the thread switching.
 */
export class AnsweringPool {
  private readonly file = new URL('./answer-worker.ts', import.meta.url);
  private readonly threads: JobThread<AnswerJob, AnswerOutcome>[];
  /** The worker that answers semantic projects only, beside the answering workers. */
  private semanticThread: JobThread<AnswerJob, AnswerOutcome> | null = null;
  private readonly indexIds = new WeakMap<EngineIndex, number>();
  private nextIndexId = 1;
  private nextJobId = 1;

  constructor(threads: number) {
    this.threads = Array.from({ length: threads }, () => new JobThread<AnswerJob, AnswerOutcome>(this.file, 'an answering worker'));
  }

  answer(index: EngineIndex, question: Question, hooks: AnswerHooks): Promise<RenderedAnswer> {
    const thread = this.threadFor(index);
    if (!thread) return answerHere(index, question, hooks);
    const job: AnswerJob = { id: this.nextJobId++, indexId: this.indexId(index), question, answeredAt: hooks.now() };
    return new Promise<RenderedAnswer>((resolve, reject) => {
      thread.post(job, (outcome) => {
        if (outcome instanceof Error) reject(outcome);
        else if (outcome.kind === 'missing') {
          thread.repost({ ...job, index });
          return false;
        } else if (outcome.kind === 'failed') reject(new Error(outcome.message));
        else if (outcome.kind === 'answered') resolve(outcome);
        else complete(index, question, outcome.result, hooks).then(resolve, reject);
        return true;
      });
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.threads, ...(this.semanticThread ? [this.semanticThread] : [])].map((thread) => thread.close()));
  }

  /** The worker to answer with, or null for this thread. */
  private threadFor(index: EngineIndex): JobThread<AnswerJob, AnswerOutcome> | null {
    if (index.understanding === 'lexical') return this.threads.length ? leastBusy(this.threads) : null;
    this.semanticThread ??= new JobThread<AnswerJob, AnswerOutcome>(this.file, 'the semantic answering worker');
    return leastBusy([...this.threads, this.semanticThread]);
  }

  private indexId(index: EngineIndex): number {
    let id = this.indexIds.get(index);
    if (id === undefined) {
      id = this.nextIndexId++;
      this.indexIds.set(index, id);
    }
    return id;
  }
}

function leastBusy(threads: JobThread<AnswerJob, AnswerOutcome>[]): JobThread<AnswerJob, AnswerOutcome> {
  return threads.reduce((least, next) => (next.size < least.size ? next : least));
}

/** The engine on this thread (lexical projects alone); an answer waiting for a call is completed as a worker's would be. */
async function answerHere(index: EngineIndex, question: Question, hooks: AnswerHooks): Promise<RenderedAnswer> {
  // A date slot reads 'tomorrow' against when the question arrived, by the server's clock.
  const result = answer(index, question.state, { utterance: question.utterance, convId: question.convId, now: question.receivedAt.toISOString() });
  if (result.generation || result.callout) return complete(index, question, result, hooks);
  return renderAnswer(question, result, hooks.now());
}

/**
 * The calls an answer waits for are made here, where the guarded fetch lives: a flow's business-logic
 * calls one after the other (the engine bounds how many a turn makes; a failed one fails the turn),
 * or genhybrid's model call (a failure falls back to the ranked answer). The answer is then finished
 * and rendered here too.
 */
async function complete(index: EngineIndex, question: Question, result: AnswerResult, hooks: AnswerHooks): Promise<RenderedAnswer> {
  let current = result;
  for (let position = 0; current.callout; position++) {
    const completed = completeCallout(index, current, await hooks.call(current.callout, position));
    if ('failed' in completed) throw new BusinessLogicError(completed.failed);
    current = completed;
  }
  if (current.generation) current = completeGeneration(index, current, await hooks.generate(current.generation));
  return renderAnswer(question, current, hooks.now());
}
