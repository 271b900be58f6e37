import { and, eq } from 'drizzle-orm';
import {
  PIPELINE_CONTENT_STATUS,
  PULL_HEARTBEAT_MS,
  RICH_EDITOR_CONTENT_STATUS,
  type KbDocument,
  type PipelineConfig,
} from '@console/contracts';
import type { AppContext } from '../../../context';
import { sourcePulls } from '../../../db/schema/index';
import { PullError, type PulledItem } from './items';
import { pipelineFindings } from './pipeline';
import { PullProgress } from './progress';
import { richEditorItems } from './rich-editor';
import { writePull } from './write';

/** What a pull reads, fixed when it starts (later edits of the source wait for the next pull). */
export type PullPlan =
  | { type: 'rich_editor'; kb: KbDocument; total: number }
  | { type: 'pipeline'; config: PipelineConfig; total: number };

interface PullTarget {
  pullId: string;
  projectId: string;
  sourceId: string;
}

const UNEXPECTED_PULL_ERROR = 'The pull failed unexpectedly.';

/**
 * A pull, in the background: find everything first (fetching, reading, checking), then write it
 * all in one transaction. A failure at any point is recorded on the pull and changes nothing else.
 */
export async function runPull(ctx: AppContext, target: PullTarget, plan: PullPlan): Promise<void> {
  const progress = new PullProgress(ctx, target.pullId, plan.total);
  const heartbeat = setInterval(() => void progress.beat().catch(() => undefined), PULL_HEARTBEAT_MS);
  try {
    let found: { items: PulledItem[]; kb: KbDocument | null };
    if (plan.type === 'rich_editor') found = { items: richEditorItems(plan.kb), kb: null };
    else found = await pipelineFindings(plan.config, progress, ctx.outboundAllowPrivate);
    const count = found.items.length;
    await progress.step(`Writing ${count} ${count === 1 ? 'item' : 'items'}`);
    await writePull(ctx, {
      ...target,
      status: plan.type === 'rich_editor' ? RICH_EDITOR_CONTENT_STATUS : PIPELINE_CONTENT_STATUS,
      items: found.items,
      kb: found.kb,
      progressTotal: progress.state.total,
    });
  } catch (error) {
    if (!(error instanceof PullError)) ctx.log.error({ err: error, pullId: target.pullId }, 'source pull failed');
    await ctx.db
      .update(sourcePulls)
      .set({ status: 'failed', error: error instanceof PullError ? error.message : UNEXPECTED_PULL_ERROR, finishedAt: ctx.now() })
      .where(and(eq(sourcePulls.id, target.pullId), eq(sourcePulls.status, 'running')));
  } finally {
    clearInterval(heartbeat);
  }
}
