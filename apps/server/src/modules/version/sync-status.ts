import { isDeepStrictEqual } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import type { Snapshot, SyncStatus } from '@console/contracts';
import type { AppContext } from '../../context';
import { consistentRead } from '../../db/client';
import { snapshots } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { readSnapshot } from '../snapshot/read-snapshot';
import { productionDeployment } from './service';

/**
 * What the header shows: the newest version, whether the project holds changes it does not, and the
 * version Production answers from. Unsynced changes are exact, not guessed from modified times: what a
 * sync would read now is compared with the newest version's snapshot.
 */
export async function readSyncStatus(ctx: AppContext, { project }: ProjectAccess): Promise<SyncStatus> {
  const [newest] = await ctx.db
    .select({ number: snapshots.number, createdAt: snapshots.createdAt, data: snapshots.data })
    .from(snapshots)
    .where(eq(snapshots.projectId, project.id))
    .orderBy(desc(snapshots.number))
    .limit(1);
  const production = await productionDeployment(ctx.db, project.id);
  return {
    newest_version: newest?.number ?? null,
    synced_at: newest?.createdAt.toISOString() ?? null,
    has_unsynced_changes: newest ? !(await matchesProject(ctx, project.id, newest.data)) : true,
    production: production ? { deployment_id: production.id, display_name: production.displayName, version: production.version } : null,
  };
}

/**
 * Whether a sync now would store this very snapshot. Stored JSON keeps no key order, so the
 * comparison is of values (after a JSON round trip, as storing makes). A project a sync would refuse
 * (a flow naming a deleted slot) has changes since its last sync.
 */
async function matchesProject(ctx: AppContext, projectId: string, stored: Snapshot): Promise<boolean> {
  try {
    const now = await ctx.db.transaction((tx) => readSnapshot(tx, projectId), consistentRead);
    return isDeepStrictEqual(JSON.parse(JSON.stringify(now)), stored);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return false;
    throw error;
  }
}
