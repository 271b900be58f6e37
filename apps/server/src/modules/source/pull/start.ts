import { sourceMessages, type SourcePull } from '@console/contracts';
import type { AppContext } from '../../../context';
import { sourcePulls, type SourceRow, type UserRow } from '../../../db/schema/index';
import type { ProjectAccess } from '../../../platform/access';
import { AppError, refusingDuplicates } from '../../../platform/errors';
import { queueJob } from '../../job/service';
import { sourceOf } from '../service';
import { PullError } from './items';
import { planPull, type PullPlan } from './plan';
import { toSourcePull } from './record';
import type { SourcePullJobParams } from './run';

/** The pull's plan, checked now so that a configuration that cannot be pulled is the caller's 400. */
function plannedPull(source: SourceRow): PullPlan {
  try {
    return planPull(source);
  } catch (error) {
    if (error instanceof PullError) throw AppError.badRequest(error.message);
    throw error;
  }
}

/**
 * Starts a pull and answers its record at once: the record and the job that runs it (./run.ts) are
 * written in one transaction. One pull runs per source at a time (a unique index on running pulls,
 * so two processes agree).
 */
export async function startPull(ctx: AppContext, user: UserRow, checked: ProjectAccess, sourceId: string): Promise<SourcePull> {
  const source = await sourceOf(ctx, checked, sourceId);
  const { total } = plannedPull(source);
  const now = ctx.now();
  const row = await refusingDuplicates(
    () =>
      ctx.db.transaction(async (tx) => {
        const [pull] = await tx.insert(sourcePulls).values({ sourceId, startedBy: user.id, startedAt: now, progressTotal: total, progressMessage: 'Starting' }).returning();
        const params: SourcePullJobParams = { pull_id: pull!.id };
        await queueJob(tx, { kind: 'source_pull', projectId: source.projectId, params, total, createdBy: user.id }, now);
        return pull!;
      }),
    AppError.conflict(sourceMessages.pullRunning),
  );
  ctx.jobs.wake();
  return toSourcePull(row);
}
