import { and, eq, lt } from 'drizzle-orm';
import { PULL_STALE_AFTER_MS } from '@console/contracts';
import type { AppContext } from '../../../context';
import { sourcePulls } from '../../../db/schema/index';

export const INTERRUPTED_PULL_ERROR = 'The server stopped during the pull.';

/**
 * A pull still 'running' whose heartbeat has been silent for PULL_STALE_AFTER_MS belonged to a
 * process that stopped, so it can never finish: failing it frees the source for a new pull. Pulls of
 * live processes (also other processes on the same PostgreSQL) keep beating and are left alone.
 * Runs at start-up for every source, and before a source's pull is started or read.
 */
export async function failInterruptedPulls(ctx: Pick<AppContext, 'db' | 'now'>, sourceId?: string): Promise<number> {
  const now = ctx.now();
  const silentSince = new Date(now.getTime() - PULL_STALE_AFTER_MS);
  const failed = await ctx.db
    .update(sourcePulls)
    .set({ status: 'failed', error: INTERRUPTED_PULL_ERROR, finishedAt: now })
    .where(
      and(
        eq(sourcePulls.status, 'running'),
        lt(sourcePulls.heartbeatAt, silentSince),
        sourceId ? eq(sourcePulls.sourceId, sourceId) : undefined,
      ),
    )
    .returning({ id: sourcePulls.id });
  return failed.length;
}
