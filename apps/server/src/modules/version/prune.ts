import { and, desc, eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { VERSIONS_KEPT } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deployHistory, deployments, replays, snapshots, testRuns } from '../../db/schema/index';

/**
 * Deletes the project's versions older than its newest VERSIONS_KEPT that nothing names: no
 * deployment answers from them, no deploy history entry went to or from them, no test run or replay
 * used them. One statement; a deploy of an old version at the same moment is safe, since its history
 * entry's foreign key makes this statement fail rather than delete the version (the next sync prunes
 * again). Answers how many were deleted.
 */
export async function pruneVersions(db: Db, projectId: string): Promise<number> {
  const oldestKept = db
    .select({ number: snapshots.number })
    .from(snapshots)
    .where(eq(snapshots.projectId, projectId))
    .orderBy(desc(snapshots.number))
    .offset(VERSIONS_KEPT - 1)
    .limit(1);
  const unnamedBy = (column: AnyPgColumn): SQL => notExists(db.select({ one: sql`1` }).from(column.table).where(eq(column, snapshots.id)));
  const deleted = await db
    .delete(snapshots)
    .where(
      and(
        eq(snapshots.projectId, projectId),
        sql`${snapshots.number} < (${oldestKept})`,
        unnamedBy(deployments.snapshotId),
        unnamedBy(deployHistory.snapshotId),
        unnamedBy(deployHistory.previousSnapshotId),
        unnamedBy(testRuns.snapshotId),
        unnamedBy(replays.baseSnapshotId),
        unnamedBy(replays.candidateSnapshotId),
      ),
    )
    .returning({ id: snapshots.id });
  return deleted.length;
}

/** Pruning after a sync is housekeeping: a failure is logged and the sync stands (the next one prunes again). */
export async function pruneAfterSync(ctx: AppContext, projectId: string): Promise<void> {
  try {
    await pruneVersions(ctx.db, projectId);
  } catch (error) {
    ctx.log.warn({ err: error, projectId }, 'pruning old versions failed');
  }
}
