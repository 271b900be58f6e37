import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobRunner } from '../job/runner';
import { queueInsightGrouping } from './queue';

/**
 * A failed answer tells the inbox to group the project's new failed questions. Answering must not
 * pay a statement per failure: a process queues the grouping at most once per project per
 * NOTICE_EVERY_MS, and the grouping job reads every failure stored since its last run (from the
 * events), so a notice skipped here is never a question lost, only one grouped a little later.
 */
const NOTICE_EVERY_MS = 3_000;

export class FailureNotices {
  private readonly lastNoticed = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly jobs: () => JobRunner,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /** Called once the failed answer's events are stored; never delays or fails the answer. */
  notice(projectId: string): void {
    const at = this.now().getTime();
    if (at - (this.lastNoticed.get(projectId) ?? -Infinity) < NOTICE_EVERY_MS) return;
    if (this.lastNoticed.size > 10_000) this.lastNoticed.clear();
    this.lastNoticed.set(projectId, at);
    queueInsightGrouping(this.db, projectId, new Date(at))
      .then((queued) => {
        if (queued) this.jobs().wake();
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not queue the grouping of failed questions'));
  }
}
