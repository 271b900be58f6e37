import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { sourcePulls } from '../../../db/schema/index';

/**
 * The progress of a running pull, written to its record for the console to poll. Writes go out
 * one after another, so a later state never lands before an earlier one; a pull that already
 * ended is not touched.
 */
export class PullProgress {
  private done = 0;
  private written: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly pullId: string,
    private total: number,
    private message = '',
  ) {}

  get state() {
    return { done: this.done, total: this.total, message: this.message };
  }

  /** What is happening now ('Fetching https://…'). */
  step(message: string): Promise<void> {
    this.message = message;
    return this.write();
  }

  /** One more fetch finished. */
  advance(): Promise<void> {
    this.done += 1;
    return this.write();
  }

  /** Proves the pull is alive while a long step (a slow page) writes no progress. */
  beat(): Promise<void> {
    return this.write();
  }

  /** The work ahead turned out larger (a sitemap's pages) or smaller (pages named twice). */
  resize(total: number): Promise<void> {
    this.total = total;
    return this.write();
  }

  private write(): Promise<void> {
    const { done, total, message } = this.state;
    const next = this.written.then(async () => {
      await this.ctx.db
        .update(sourcePulls)
        .set({ progressDone: done, progressTotal: total, progressMessage: message, heartbeatAt: this.ctx.now() })
        .where(and(eq(sourcePulls.id, this.pullId), eq(sourcePulls.status, 'running')));
    });
    // The caller sees its own write fail; the writes after it still go out.
    this.written = next.catch(() => undefined);
    return next;
  }
}
