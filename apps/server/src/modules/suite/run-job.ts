import type { AppContext } from '../../context';
import type { RunningJob } from '../job/runner';

/** Runs a test run's cases against its version (being built: see the suite work). */
export async function runTestRunJob(_ctx: AppContext, _job: RunningJob): Promise<void> {
  throw new Error('test runs are not built yet');
}
