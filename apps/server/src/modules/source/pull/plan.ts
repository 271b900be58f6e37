import { pipelineConfigSchema, sourceMessages, type KbDocument, type PipelineConfig } from '@console/contracts';
import type { SourceRow } from '../../../db/schema/index';
import { PullError } from './items';
import { initialPipelineTotal } from './pipeline';

/** What a pull reads, as the source says when the pull runs, and the steps it expects. */
export type PullPlan =
  | { type: 'rich_editor'; kb: KbDocument; total: number }
  | { type: 'pipeline'; config: PipelineConfig; total: number };

/**
 * What the source's type and configuration say to pull; a configuration that cannot be pulled is a
 * PullError (a 400 when the pull is asked for, the pull's error when its configuration changed before it ran).
 */
export function planPull(source: SourceRow): PullPlan {
  if (source.type === 'rich_editor') return { type: 'rich_editor', kb: source.kb ?? { children: [] }, total: 1 };
  if (source.type === 'pipeline') {
    const parsed = pipelineConfigSchema.safeParse(source.config);
    if (!parsed.success) throw new PullError(parsed.error.issues[0]?.message ?? 'Config is not valid');
    return { type: 'pipeline', config: parsed.data, total: initialPipelineTotal(parsed.data) };
  }
  // The other types (pullableSourceTypes names the two above) are not implemented.
  throw new PullError(sourceMessages.notImplemented);
}
