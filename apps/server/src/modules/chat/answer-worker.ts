import { answer, questionTexts, type AnswerResult, type EngineIndex, type TextVectors } from '@console/engine';
import { INDEX_CACHE_SIZE } from '../snapshot/index-cache';
import { LruMap } from '../snapshot/lru';
import { serveJobs } from '../../platform/worker-thread';
import { renderAnswer, type Question, type RenderedAnswer } from './rendered-answer';

/**
 * An answering worker (a worker thread, started by ./answering.ts): the engine and the rendering of
 * a question's answer and events run here, so the thread that takes requests only routes them while
 * another core answers. Indexes are held by the number the main thread gives them; one this worker
 * does not hold is asked for once ('missing'), then kept. A semantic project's questions are embedded
 * here (the encoder loads on the first one): the questions that arrive together go through the
 * encoder in one run, which costs far less per text than a run each.
 */

export interface AnswerJob {
  id: number;
  indexId: number;
  /** Sent again after a 'missing'. */
  index?: EngineIndex;
  question: Question;
  answeredAt: Date;
}

export type AnswerOutcome =
  | ({ kind: 'answered'; id: number } & RenderedAnswer)
  /** genhybrid or a flow's business logic: the main thread makes the call and completes the answer (a network call dwarfs the rest). */
  | { kind: 'complete'; id: number; result: AnswerResult }
  | { kind: 'missing'; id: number }
  | { kind: 'failed'; id: number; message: string };

const indexes = new LruMap<number, EngineIndex>(INDEX_CACHE_SIZE);

/**
 * The batch being gathered: the texts of every question that arrives while the encoder is busy with
 * the previous batch (or, when it is idle, in this turn of the event loop), embedded in one run once
 * the encoder is free. Under load each run takes all the questions that came meanwhile, so the cost
 * per question falls as the load rises instead of the questions queueing for a run each.
 */
let gathering: { texts: Set<string>; vectors: Promise<TextVectors> } | null = null;
/** The last batch handed to the encoder (the next one starts when it is done). */
let encoding: Promise<unknown> = Promise.resolve();

function embedTogether(texts: string[]): Promise<TextVectors> {
  if (!gathering) {
    const batch: { texts: Set<string>; vectors: Promise<TextVectors> } = { texts: new Set(), vectors: Promise.resolve(new Map()) };
    batch.vectors = encoding.then(async () => {
      gathering = null;
      const list = [...batch.texts];
      // Imported on first use: a worker answering lexical projects alone never loads TensorFlow.js.
      const { loadEncoder } = await import('@console/encoder');
      const vectors = await (await loadEncoder()).embed(list);
      return new Map(list.map((text, i) => [text, vectors[i]!]));
    });
    encoding = batch.vectors.catch(() => undefined);
    gathering = batch;
  }
  for (const text of texts) gathering.texts.add(text);
  return gathering.vectors;
}

function failed(job: AnswerJob, error: unknown): AnswerOutcome {
  return { kind: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) };
}

function finish(job: AnswerJob, index: EngineIndex, vectors?: TextVectors): AnswerOutcome {
  const { utterance, convId, state, receivedAt } = job.question;
  // A date slot reads 'tomorrow' against when the question arrived, by the server's clock.
  const now = receivedAt.toISOString();
  const result = answer(index, state, vectors ? { utterance, convId, now, vectors } : { utterance, convId, now });
  if (result.generation || result.callout) return { kind: 'complete', id: job.id, result };
  return { kind: 'answered', id: job.id, ...renderAnswer(job.question, result, job.answeredAt) };
}

function run(job: AnswerJob): AnswerOutcome | Promise<AnswerOutcome> {
  if (job.index) indexes.set(job.indexId, job.index);
  const index = indexes.get(job.indexId);
  if (!index) return { kind: 'missing', id: job.id };
  const texts = questionTexts(index, job.question.state, job.question.utterance);
  // A lexical project's question needs no vector: answered at once, as it always was.
  if (!texts.length) return finish(job, index);
  return embedTogether(texts).then(
    (vectors) => {
      try {
        return finish(job, index, vectors);
      } catch (error) {
        return failed(job, error);
      }
    },
    (error: unknown) => failed(job, error),
  );
}

serveJobs((job: AnswerJob): AnswerOutcome | Promise<AnswerOutcome> => {
  try {
    return run(job);
  } catch (error) {
    return failed(job, error);
  }
});
