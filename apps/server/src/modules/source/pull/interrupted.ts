import { and, eq, lte } from 'drizzle-orm';
import { PULL_STALE_AFTER_MS } from '@console/contracts';
import type { AppContext } from '../../../context';
import type { Database } from '../../../db/client';
import { sourcePulls } from '../../../db/schema/index';

export const INTERRUPTED_PULL_ERROR = 'The server stopped during the pull.';

/**
 * A pull still 'running' whose heartbeat has been silent for PULL_STALE_AFTER_MS belonged to a
 * process that stopped, so it can never finish: failing it frees the source for a new pull. Pulls of
 * live processes (also other processes on the same PostgreSQL) keep beating and are left alone.
 * Runs before a source's pull is started or read.
 */
export async function failInterruptedPulls(ctx: Pick<AppContext, 'db' | 'now'>, sourceId?: string): Promise<number> {
  return failPullsSilentFor(ctx, PULL_STALE_AFTER_MS, sourceId);
}

/**
 * At start-up. Only one process can open the embedded database, so every pull it finds 'running'
 * was left by a process that stopped: failing them all at once lets a new pull start now instead of
 * after PULL_STALE_AFTER_MS. On PostgreSQL other live processes may be pulling: only silent pulls
 * are failed, as on every read.
 */
export async function failPullsLeftAtStartUp(ctx: Pick<AppContext, 'db' | 'now'>, kind: Database['kind']): Promise<number> {
  return kind === 'pglite' ? failPullsSilentFor(ctx, 0) : failInterruptedPulls(ctx);
}

async function failPullsSilentFor(ctx: Pick<AppContext, 'db' | 'now'>, silentForMs: number, sourceId?: string): Promise<number> {
  const now = ctx.now();
  const silentSince = new Date(now.getTime() - silentForMs);
  const failed = await ctx.db
    .update(sourcePulls)
    .set({ status: 'failed', error: INTERRUPTED_PULL_ERROR, finishedAt: now })
    .where(
      and(
        eq(sourcePulls.status, 'running'),
        lte(sourcePulls.heartbeatAt, silentSince),
        sourceId ? eq(sourcePulls.sourceId, sourceId) : undefined,
      ),
    )
    .returning({ id: sourcePulls.id });
  return failed.length;
}
