import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PIPELINE_CONTENT_STATUS, RICH_EDITOR_CONTENT_STATUS, type KbDocument } from '@console/contracts';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { sourcePulls, sources, type JobRow } from '../../../db/schema/index';
import type { JobEnd, RunningJob } from '../../job/runner';
import { PullError, type PulledItem } from './items';
import { pipelineFindings } from './pipeline';
import { planPull } from './plan';
import { PullProgress } from './progress';
import { richEditorItems } from './rich-editor';
import { writePull } from './write';

/** What a pull's job is given: its pull. */
export const sourcePullJobParams = z.object({ pull_id: z.string() });
export type SourcePullJobParams = z.infer<typeof sourcePullJobParams>;

const UNEXPECTED_PULL_ERROR = 'The pull failed unexpectedly.';

/**
 * A pull, as a job: find everything first (fetching, reading, checking), then write it all in one
 * transaction with the pull's success. Nothing is written before that transaction, so a pull claimed
 * again after its process stopped runs again from the start. It reads its source as it is when it
 * runs. A failure throws, the error said as the pull's, and ends the pull through settleSourcePull.
 */
export async function runSourcePullJob(ctx: AppContext, job: RunningJob): Promise<void> {
  const { pull_id: pullId } = sourcePullJobParams.parse(job.row.params);
  const [pull] = await ctx.db
    .select({ source: sources })
    .from(sourcePulls)
    .innerJoin(sources, eq(sources.id, sourcePulls.sourceId))
    .where(and(eq(sourcePulls.id, pullId), eq(sourcePulls.status, 'running')))
    .limit(1);
  // Its source was deleted (the pull with it), or an earlier runner of this job wrote it.
  if (!pull) return;
  try {
    const plan = planPull(pull.source);
    const progress = new PullProgress(ctx, job, pullId, plan.total);
    let found: { items: PulledItem[]; kb: KbDocument | null };
    if (plan.type === 'rich_editor') found = { items: richEditorItems(plan.kb), kb: null };
    else found = await pipelineFindings(plan.config, progress, ctx.outboundAllowPrivate, job.signal);
    const count = found.items.length;
    await progress.step(`Writing ${count} ${count === 1 ? 'item' : 'items'}`);
    await writePull(ctx, {
      pullId,
      projectId: pull.source.projectId,
      sourceId: pull.source.id,
      status: plan.type === 'rich_editor' ? RICH_EDITOR_CONTENT_STATUS : PIPELINE_CONTENT_STATUS,
      items: found.items,
      kb: found.kb,
      progressTotal: progress.state.total,
    });
  } catch (error) {
    // A stop (cancelled, shutting down) is the runner's to read; a fault is not the user's to read.
    if (error instanceof PullError || job.signal.aborted) throw error;
    ctx.log.error({ err: error, pullId }, 'source pull failed');
    throw new PullError(UNEXPECTED_PULL_ERROR);
  }
}

/** Ends the pull of a job that ended without succeeding: failed, with the job's error ('Cancelled.', the pull's own). */
export async function settleSourcePull(ctx: AppContext, tx: Db, row: JobRow, end: JobEnd): Promise<void> {
  const { pull_id: pullId } = sourcePullJobParams.parse(row.params);
  await tx
    .update(sourcePulls)
    .set({ status: 'failed', error: end.error, finishedAt: ctx.now() })
    .where(and(eq(sourcePulls.id, pullId), eq(sourcePulls.status, 'running')));
}
