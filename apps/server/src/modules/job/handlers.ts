import { runReplayJob } from '../replay/run-job';
import { runTestRunJob } from '../suite/run-job';
import type { JobKind } from '@console/contracts';
import type { AppContext } from '../../context';
import type { JobHandler } from './runner';

/** The handler of each kind of job. */
export function jobHandlers(ctx: AppContext): Record<JobKind, JobHandler> {
  return {
    test_run: (job) => runTestRunJob(ctx, job),
    replay: (job) => runReplayJob(ctx, job),
  };
}
