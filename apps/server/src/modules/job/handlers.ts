import { runFixCheckJob, settleFixCheck } from '../insight/fix-check-job';
import { runGroupingJob } from '../insight/grouping-job';
import { runRetentionJob } from '../privacy/retention-job';
import { runReplayJob } from '../replay/run-job';
import { runSourcePullJob, settleSourcePull } from '../source/pull/run';
import { runTestRunJob } from '../suite/run-job';
import type { JobKind } from '@console/contracts';
import type { AppContext } from '../../context';
import type { JobKindHandler } from './runner';

/**
 * The handler of each kind of job. Test runs and replays show their job's status; a source pull
 * keeps its own status on its record, which `settle` ends when its job cannot.
 */
export function jobHandlers(ctx: AppContext): Record<JobKind, JobKindHandler> {
  return {
    test_run: { run: (job) => runTestRunJob(ctx, job) },
    replay: { run: (job) => runReplayJob(ctx, job) },
    source_pull: { run: (job) => runSourcePullJob(ctx, job), settle: (tx, row, end) => settleSourcePull(ctx, tx, row, end) },
    insight_grouping: { run: (job) => runGroupingJob(ctx, job) },
    fix_check: { run: (job) => runFixCheckJob(ctx, job), settle: (tx, row) => settleFixCheck(tx, row) },
    retention: { run: (job) => runRetentionJob(ctx, job) },
  };
}
