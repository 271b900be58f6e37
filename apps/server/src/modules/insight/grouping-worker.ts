import { setPriority } from 'node:os';
import { serveJobs } from '../../platform/worker-thread';
import { groupQuestions, type GroupingResult, type QuestionToGroup, type StoredTopic } from './grouping/index';

/**
 * The grouping's worker thread: comparing a batch of questions with each other and with every topic
 * takes seconds of arithmetic, which must never stand between a visitor and an answer. It runs at
 * the lowest priority (on Linux a thread's own), so it takes only the processor time live questions
 * leave.
 */
export interface GroupJob {
  id: number;
  state: Record<string, unknown>;
  topics: StoredTopic[];
  ids: string[];
  texts: string[];
  /** The questions' vectors packed (question i at i * dimensions), or null in a lexical project. */
  vectors: Float32Array<ArrayBuffer> | null;
  dimensions: number;
}

export type GroupOutcome =
  | { id: number; state: Record<string, unknown>; joined: [string, string][]; changed: StoredTopic[]; created: GroupingResult['created'] }
  | { id: number; error: string };

if (process.platform === 'linux') setPriority(19);

serveJobs((job: GroupJob): GroupOutcome => {
  try {
    const questions: QuestionToGroup[] = job.ids.map((id, i) => ({
      id,
      text: job.texts[i]!,
      vector: job.vectors ? job.vectors.subarray(i * job.dimensions, (i + 1) * job.dimensions) : null,
    }));
    const result = groupQuestions(job.state, job.topics, questions);
    return { id: job.id, state: result.state, joined: [...result.joined], changed: result.changed, created: result.created };
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
});
