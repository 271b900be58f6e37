import { useId, useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { testRunList, type TestRun } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { JobStatus } from '@/components/job-status';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { formatDateTime } from '@/lib/format';
import { useTestRuns } from '../api/get-test-runs';
import { runCounts, triggerLabels } from '../suite-labels';

const runName = (run: TestRun) => `version ${run.version}, ${formatDateTime(run.created_at)}`;

/**
 * The project's test runs, newest first, filtered by version: what each ran against, what started it,
 * its counts and where it stands (live while it runs). Two chosen runs open as a comparison, the
 * newer from the older.
 */
export function TestRunTable({ projectId }: { projectId: string }) {
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(testRunList, 'run');
  const query = useTestRuns(projectId, list.apiQuery);
  const navigate = useNavigate();
  const reasonId = useId();
  const [chosen, setChosen] = useState<TestRun[]>([]);
  const isChosen = (run: TestRun) => chosen.some((other) => other.id === run.id);
  const toggle = (run: TestRun) => setChosen((current) => (isChosen(run) ? current.filter((other) => other.id !== run.id) : [...current, run]));

  const columns: DataTableColumn<TestRun>[] = [
    {
      key: 'compare',
      header: 'Compare',
      width: 80,
      render: (run) => (
        <Checkbox
          aria-label={`Compare the run of ${runName(run)}`}
          checked={isChosen(run)}
          disabled={!isChosen(run) && chosen.length >= 2}
          onChange={() => toggle(run)}
        />
      ),
    },
    {
      key: 'version',
      header: 'Version',
      filterField: 'version',
      render: (run) => (
        <Anchor component={Link} to={projectPaths.testRun.to(projectId, run.id)} size="sm">
          {`Version ${run.version}`}
        </Anchor>
      ),
    },
    { key: 'trigger', header: 'Trigger', render: (run) => triggerLabels[run.trigger] },
    { key: 'counts', header: 'Results', render: runCounts },
    {
      key: 'created_at',
      header: 'When',
      sortField: 'created_at',
      render: (run) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(run.created_at)}</Text>
          {run.created_by_name && (
            <Text size="xs" c="dimmed">
              {run.created_by_name}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: 'Status', width: 260, render: (run) => <JobStatus projectId={projectId} job={run.job} canCancel={permissions.canUpdateProject} /> },
  ];

  const [first, second] = chosen;
  const compare =
    first && second
      ? // The newer run is read from the older one: what a change since fixed or broke.
        first.created_at >= second.created_at
        ? projectPaths.testRun.to(projectId, first.id, second.id)
        : projectPaths.testRun.to(projectId, second.id, first.id)
      : null;

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button variant="default" leftSection={<IconArrowsDiff size={16} />} disabled={compare === null} onClick={() => compare && void navigate(compare)} aria-describedby={reasonId}>
          Compare
        </Button>
        <Text id={reasonId} size="sm" c="dimmed">
          {compare === null ? `Choose two runs to compare (${chosen.length} chosen)` : 'The newer run, from the older'}
        </Text>
      </Group>
      <DataTable
        label="Test runs"
        columns={columns}
        list={list}
        query={query}
        rowKey={(run) => run.id}
        rowName={runName}
        empty={{ title: 'No test runs yet.', hint: 'Run tests starts one; every sync runs the tests against its new version.' }}
      />
    </Stack>
  );
}
