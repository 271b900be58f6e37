import { count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { deployHistoryList, type DeployHistoryEntry, type ListQuery, type ListResponse } from '@console/contracts';
import type { AppContext } from '../../context';
import { deployHistory, snapshots, users } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { listPage } from '../../platform/listing';
import { loadDeployment } from './service';
import { showsWho } from './shows-who';

const previous = alias(snapshots, 'previous');

/**
 * A deployment's deploy history, newest first. Its order is the order the entries committed (their
 * position): two deploys at the same moment may carry the same time, never the same position.
 */
export async function listDeployHistory(ctx: AppContext, access: ProjectAccess, deploymentId: string, query: ListQuery): Promise<ListResponse<DeployHistoryEntry>> {
  const deployment = await loadDeployment(ctx, access, deploymentId);
  const page = await listPage(
    deployHistoryList,
    query,
    { deployed_at: deployHistory.position, action: deployHistory.action },
    {
      rows: ctx.db
        .select({ entry: deployHistory, version: snapshots.number, previousVersion: previous.number, deployedByName: users.displayName })
        .from(deployHistory)
        .innerJoin(snapshots, eq(snapshots.id, deployHistory.snapshotId))
        .leftJoin(previous, eq(previous.id, deployHistory.previousSnapshotId))
        .leftJoin(users, eq(users.id, deployHistory.deployedBy))
        .$dynamic(),
      count: ctx.db.select({ total: count() }).from(deployHistory).$dynamic(),
      where: eq(deployHistory.deploymentId, deployment.id),
      id: deployHistory.position,
    },
  );
  const who = showsWho(access);
  return {
    records: page.records.map(({ entry, version, previousVersion, deployedByName }) => ({
      id: entry.id,
      action: entry.action,
      version,
      previous_version: previousVersion,
      reason: entry.reason,
      override_reason: entry.overrideReason,
      deployed_by: who ? entry.deployedBy : null,
      deployed_by_name: who ? deployedByName : null,
      deployed_at: entry.deployedAt.toISOString(),
    })),
    total: page.total,
  };
}
