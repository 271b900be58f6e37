import { JobThread } from '../../platform/worker-thread';
import type { GroupingResult, QuestionToGroup } from './grouping/index';
import type { ClusterToRegroup, Regrouping } from './grouping/regroup';
import type { GroupJob, GroupOutcome } from './grouping-worker';

/** An idle grouping worker stops after this long, handing back its memory. */
const IDLE_STOP_MS = 30_000;

/** Groups questions into clusters and the clusters into topics in the grouping worker (./grouping-worker.ts), one batch at a time per process. */
export class Grouper {
  private readonly thread = new JobThread<GroupJob, GroupOutcome>(new URL('./grouping-worker.ts', import.meta.url), 'the grouping worker', {
    idleStopMs: IDLE_STOP_MS,
  });
  private nextId = 1;

  async group(state: Record<string, unknown>, clusters: ClusterToRegroup[], questions: readonly QuestionToGroup[]): Promise<GroupingResult & Regrouping> {
    const dimensions = questions.find((question) => question.vector)?.vector?.length ?? 0;
    let vectors: Float32Array<ArrayBuffer> | null = null;
    if (dimensions) {
      vectors = new Float32Array(questions.length * dimensions);
      questions.forEach((question, i) => vectors!.set(question.vector ?? new Float32Array(dimensions), i * dimensions));
    }
    const job: GroupJob = {
      id: this.nextId++,
      state,
      clusters,
      ids: questions.map((question) => question.id),
      texts: questions.map((question) => question.text),
      vectors,
      dimensions,
    };
    const outcome = await this.thread.request(job, vectors ? [vectors.buffer] : []);
    if ('error' in outcome) throw new Error(`The grouping failed: ${outcome.error}`);
    return {
      state: outcome.state,
      joined: new Map(outcome.joined),
      changed: outcome.changed,
      created: outcome.created,
      topicOf: new Map(outcome.topicOf),
      absorbed: new Map(outcome.absorbed),
    };
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
