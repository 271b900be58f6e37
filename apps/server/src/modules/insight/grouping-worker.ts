import { setPriority } from 'node:os';
import { serveJobs } from '../../platform/worker-thread';
import type { GroupingResult, QuestionToGroup, StoredCluster } from './grouping/index';
import { groupBatch, type ClusterToRegroup } from './grouping/regroup';

/**
 * The grouping's worker thread: comparing a batch of questions with each other and with every
 * cluster, then the clusters with each other, takes seconds of arithmetic, which must never stand between a visitor and an answer. It runs at
 * the lowest priority (on Linux a thread's own), so it takes only the processor time live questions
 * leave.
 */
export interface GroupJob {
  id: number;
  state: Record<string, unknown>;
  /** The project's clusters, the least recently joined first. */
  clusters: ClusterToRegroup[];
  ids: string[];
  texts: string[];
  /** The questions' vectors packed (question i at i * dimensions), or null in a lexical project. */
  vectors: Float32Array<ArrayBuffer> | null;
  dimensions: number;
}

export type GroupOutcome =
  | {
      id: number;
      state: Record<string, unknown>;
      joined: [string, string][];
      changed: StoredCluster[];
      created: GroupingResult['created'];
      topicOf: [string, string][];
      absorbed: [string, string][];
    }
  | { id: number; error: string };

if (process.platform === 'linux') setPriority(19);

serveJobs((job: GroupJob): GroupOutcome => {
  try {
    const questions: QuestionToGroup[] = job.ids.map((id, i) => ({
      id,
      text: job.texts[i]!,
      vector: job.vectors ? job.vectors.subarray(i * job.dimensions, (i + 1) * job.dimensions) : null,
    }));
    const result = groupBatch(job.state, job.clusters, questions);
    return {
      id: job.id,
      state: result.state,
      joined: [...result.joined],
      changed: result.changed,
      created: result.created,
      topicOf: [...result.topicOf],
      absorbed: [...result.absorbed],
    };
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
});
