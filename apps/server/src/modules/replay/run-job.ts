import type { AppContext } from '../../context';
import type { RunningJob } from '../job/runner';

/** Replays a deployment's traffic against a candidate version (being built: see the replay work). */
export async function runReplayJob(_ctx: AppContext, _job: RunningJob): Promise<void> {
  throw new Error('replays are not built yet');
}
