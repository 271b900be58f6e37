import { answer, type AnswerResult, type EngineIndex } from '@console/engine';
import { INDEX_CACHE_SIZE } from '../snapshots/index-cache';
import { LruMap } from '../snapshots/lru';
import { serveJobs } from '../../platform/worker-thread';
import { renderAnswer, type Question, type RenderedAnswer } from './rendered-answer';

/**
 * An answering worker (a worker thread, started by ./answering.ts): the engine and the rendering of
 * a question's answer and events run here, so the thread that takes requests only routes them while
 * another core answers. Indexes are held by the number the main thread gives them; one this worker
 * does not hold is asked for once ('missing'), then kept.
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
  /** genhybrid: the main thread sends the model request and completes the answer (a network call dwarfs the rest). */
  | { kind: 'generate'; id: number; result: AnswerResult }
  | { kind: 'missing'; id: number }
  | { kind: 'failed'; id: number; message: string };

const indexes = new LruMap<number, EngineIndex>(INDEX_CACHE_SIZE);

function run(job: AnswerJob): AnswerOutcome {
  if (job.index) indexes.set(job.indexId, job.index);
  const index = indexes.get(job.indexId);
  if (!index) return { kind: 'missing', id: job.id };
  const result = answer(index, job.question.state, { utterance: job.question.utterance });
  if (result.generation) return { kind: 'generate', id: job.id, result };
  return { kind: 'answered', id: job.id, ...renderAnswer(job.question, result, job.answeredAt) };
}

serveJobs((job: AnswerJob): AnswerOutcome => {
  try {
    return run(job);
  } catch (error) {
    return { kind: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) };
  }
});
