import type { AppContext } from '../../context';
import type { RunningJob } from '../job/runner';

/** Asks a project's fixed topics' questions again of its newest version (being written). */
export async function runFixCheckJob(_ctx: AppContext, _job: RunningJob): Promise<void> {
  throw new Error('The fix check is not written yet.');
}
