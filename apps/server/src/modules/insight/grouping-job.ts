import type { AppContext } from '../../context';
import type { RunningJob } from '../job/runner';

/** Groups a project's new failed questions into topics (being written). */
export async function runGroupingJob(_ctx: AppContext, _job: RunningJob): Promise<void> {
  throw new Error('The grouping job is not written yet.');
}
