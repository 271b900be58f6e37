import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { sourcePulls } from '../../../db/schema/index';

export const INTERRUPTED_PULL_ERROR = 'The server stopped during the pull.';

/**
 * At start-up: a pull still 'running' belonged to a process that stopped, so it can never finish.
 * Failing it frees the source for a new pull (one running pull per source).
 */
export async function failInterruptedPulls(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const failed = await ctx.db
    .update(sourcePulls)
    .set({ status: 'failed', error: INTERRUPTED_PULL_ERROR, finishedAt: ctx.now() })
    .where(eq(sourcePulls.status, 'running'))
    .returning({ id: sourcePulls.id });
  return failed.length;
}
