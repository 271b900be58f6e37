import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { sourcePulls } from '../../../db/schema/index';
import type { RunningJob } from '../../job/runner';

/**
 * The progress of a running pull: counted on its job (which beats meanwhile and says when it was
 * cancelled or its process stops: the write then throws) and, with what is happening now, on its
 * record for the console to poll. Writes go out one after another, so a later state never lands
 * before an earlier one; a pull that already ended is not touched.
 */
export class PullProgress {
  private done = 0;
  private written: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly job: Pick<RunningJob, 'progress'>,
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

  /** The work ahead turned out larger (a sitemap's pages) or smaller (pages named twice). */
  resize(total: number): Promise<void> {
    this.total = total;
    return this.write();
  }

  private write(): Promise<void> {
    const { done, total, message } = this.state;
    const next = this.written.then(async () => {
      await this.job.progress(done, total);
      await this.ctx.db
        .update(sourcePulls)
        .set({ progressDone: done, progressTotal: total, progressMessage: message })
        .where(and(eq(sourcePulls.id, this.pullId), eq(sourcePulls.status, 'running')));
    });
    // The caller sees its own write fail; the writes after it still go out.
    this.written = next.catch(() => undefined);
    return next;
  }
}
