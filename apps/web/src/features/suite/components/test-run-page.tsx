import { Anchor, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TestRun } from '@console/contracts';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { JobProgress } from '@/components/job-progress';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useRefreshWhenFinished } from '@/hooks/use-refresh-when-finished';
import { isJobFinished } from '@/lib/api/job';
import { testRunKeys, useTestRun } from '@/lib/api/test-run';
import { formatDateTime } from '@/lib/format';
import { useTestRunComparison } from '../api/compare-test-runs';
import { runCounts, triggerLabels } from '../suite-labels';
import { TestResultTable } from './test-result-table';
import { TestRunComparisonView } from './test-run-comparison';

function RunDetails({ projectId, run }: { projectId: string; run: TestRun }) {
  return (
    <DetailList
      label="Test run"
      items={[
        {
          label: 'Version',
          value: (
            <Anchor component={Link} to={projectPaths.version.to(projectId, run.version)} size="sm">
              {`Version ${run.version}`}
            </Anchor>
          ),
        },
        { label: 'Trigger', value: triggerLabels[run.trigger] },
        { label: 'Results', value: runCounts(run) },
        { label: 'Started', value: `${formatDateTime(run.created_at)}${run.created_by_name ? ` by ${run.created_by_name}` : ''}` },
        { label: 'Finished', value: formatDateTime(run.finished_at) },
      ]}
    />
  );
}

/** The comparison of `?against=`: every case from that run to this one. */
function Comparison({ projectId, runId, againstId }: { projectId: string; runId: string; againstId: string }) {
  const comparison = useTestRunComparison(projectId, runId, againstId);
  if (comparison.isPending) return <Loader size="sm" aria-label="Comparing the runs" />;
  if (comparison.isError) return <ErrorView error={comparison.error} title="The runs could not be compared" />;
  const { other } = comparison.data;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {`Compared with the run of version ${other.version}, ${formatDateTime(other.created_at)}`}
      </Title>
      <TestRunComparisonView comparison={comparison.data} />
    </Stack>
  );
}

/**
 * project/{id}/suite/run/{runId}: a test run, what it ran against and its counts, its progress (live,
 * cancellable) while it runs, and each case's result; with `?against={otherRunId}`, what changed from
 * that run to this one first.
 */
export function TestRunPage() {
  const { projectId = '', runId = '' } = useParams();
  const [params] = useSearchParams();
  const againstId = params.get('against');
  const { permissions } = useProjectAccess(projectId);
  const run = useTestRun(projectId, runId);
  const job = run.data?.job ?? null;
  const running = job !== null && !isJobFinished(job);
  // The results and the comparison read while the run ran may miss its last cases.
  useRefreshWhenFinished(running, testRunKeys.detail(projectId, runId));
  const parent = { label: 'Tests', to: projectPaths.suite.to(projectId) };

  if (run.isPending) return <FullPageLoader label="Loading test run" />;
  if (run.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Test run" />
        <ErrorView error={run.error} />
      </>
    );
  }
  return (
    <>
      <ProjectSubPageHeader parent={parent} title={`Test run of version ${run.data.version}`} />
      <Stack gap="lg">
        <RunDetails projectId={projectId} run={run.data} />
        {job && (running || job.status === 'failed') && <JobProgress projectId={projectId} job={job} canCancel={permissions.canUpdateProject} />}
        {againstId && <Comparison projectId={projectId} runId={runId} againstId={againstId} />}
        <Stack gap="xs">
          <Title order={3} size="h4">
            Results
          </Title>
          <TestResultTable projectId={projectId} runId={runId} running={running} />
        </Stack>
      </Stack>
    </>
  );
}
