import {
  pipelineConfigSchema,
  sourceMessages,
  type SourcePull,
} from '@console/contracts';
import type { AppContext } from '../../../context';
import { sourcePulls, type SourceRow, type UserRow } from '../../../db/schema/index';
import type { ProjectAccess } from '../../../platform/access';
import { AppError, refusingDuplicates } from '../../../platform/errors';
import { sourceOf } from '../service';
import { failInterruptedPulls } from './interrupted';
import { initialPipelineTotal } from './pipeline';
import { toSourcePull } from './record';
import { runPull, type PullPlan } from './run';

/** What the source's type and configuration say to pull; a configuration that cannot be pulled is a 400. */
function planPull(source: SourceRow): PullPlan {
  if (source.type === 'rich_editor') return { type: 'rich_editor', kb: source.kb ?? { children: [] }, total: 1 };
  if (source.type === 'pipeline') {
    const parsed = pipelineConfigSchema.safeParse(source.config);
    if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Config is not valid');
    return { type: 'pipeline', config: parsed.data, total: initialPipelineTotal(parsed.data) };
  }
  // The other types (pullableSourceTypes names the two above) are not implemented.
  throw AppError.badRequest(sourceMessages.notImplemented);
}

/**
 * Starts a pull and answers its record at once; the pull itself runs in the background. One pull
 * runs per source at a time (a unique index on running pulls, so two processes agree).
 */
export async function startPull(ctx: AppContext, user: UserRow, checked: ProjectAccess, sourceId: string): Promise<SourcePull> {
  const source = await sourceOf(ctx, checked, sourceId);
  const plan = planPull(source);
  await failInterruptedPulls(ctx, sourceId);
  const [row] = await refusingDuplicates(
    () =>
      ctx.db
        .insert(sourcePulls)
        .values({ sourceId, startedBy: user.id, startedAt: ctx.now(), heartbeatAt: ctx.now(), progressTotal: plan.total, progressMessage: 'Starting' })
        .returning(),
    AppError.conflict(sourceMessages.pullRunning),
  );
  if (!row) throw new Error('insert returned no pull');
  const target = { pullId: row.id, projectId: source.projectId, sourceId };
  ctx.runInBackground(() => runPull(ctx, target, plan));
  return toSourcePull(row);
}
