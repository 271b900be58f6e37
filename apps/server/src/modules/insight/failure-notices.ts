import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../job/runner';

/**
 * A failed answer tells the inbox to group the project's new failed questions. Answering must not
 * pay a statement per failure: a process queues the grouping at most once per project per
 * NOTICE_EVERY_MS, and a failure within that time is noticed again at its end (the grouping job
 * reads every failure stored since its last pass, from the events), so a failure is grouped a little
 * later, never left waiting for the next one.
 */
const NOTICE_EVERY_MS = 3_000;

export class FailureNotices {
  private readonly lastNoticed = new Map<string, number>();
  private readonly deferred = new Map<string, NodeJS.Timeout>();

  constructor(
    /** Queues the project's grouping unless one is queued (./queue.ts); says whether it did. */
    private readonly queue: (projectId: string, at: Date) => Promise<boolean>,
    private readonly jobs: () => JobRunner,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /** Called once the failed answer's events are stored; never delays or fails the answer. */
  notice(projectId: string): void {
    const at = this.now().getTime();
    const wait = (this.lastNoticed.get(projectId) ?? -Infinity) + NOTICE_EVERY_MS - at;
    if (wait > 0) {
      if (!this.deferred.has(projectId)) {
        const timer = setTimeout(() => {
          this.deferred.delete(projectId);
          this.notice(projectId);
        }, wait);
        timer.unref();
        this.deferred.set(projectId, timer);
      }
      return;
    }
    if (this.lastNoticed.size > 10_000) this.lastNoticed.clear();
    this.lastNoticed.set(projectId, at);
    this.queue(projectId, new Date(at))
      .then((queued) => {
        if (queued) this.jobs().wake();
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not queue the grouping of failed questions'));
  }

  /** Notices still waiting are dropped: the next failure of their projects, or any process's grouping, takes their questions. */
  close(): void {
    for (const timer of this.deferred.values()) clearTimeout(timer);
    this.deferred.clear();
  }
}
