import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { replayList, type Replay } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { JobStatus } from '@/components/job-status';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { formatDateTime } from '@/lib/format';
import { useReplays } from '../api/get-replays';
import { summaryWords, versionsWords, windowWords } from '../replay-words';
import { NewReplayButton } from './new-replay-button';

function replayColumns(projectId: string, canCancel: boolean): DataTableColumn<Replay>[] {
  return [
    {
      key: 'deployment',
      header: 'Deployment',
      render: (replay) => (
        <Anchor component={Link} to={projectPaths.replay.to(projectId, replay.id)} size="sm">
          {replay.deployment_name}
        </Anchor>
      ),
    },
    { key: 'versions', header: 'Versions', render: versionsWords },
    { key: 'window', header: 'Window', render: windowWords },
    {
      key: 'summary',
      header: 'Summary',
      render: (replay) => (replay.summary ? summaryWords(replay.summary) : '—'),
    },
    {
      key: 'created_at',
      header: 'When',
      sortField: 'created_at',
      render: (replay) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(replay.created_at)}</Text>
          {replay.created_by_name && (
            <Text size="xs" c="dimmed">
              {replay.created_by_name}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: 'Status', width: 260, render: (replay) => <JobStatus projectId={projectId} job={replay.job} canCancel={canCancel} /> },
  ];
}

/**
 * project/{id}/replay: the project's replays, newest first, filtered by candidate version: whose
 * traffic, which versions, the window, where each stands (live while it runs) and what it found.
 * New replay starts one for those who may.
 */
export function ReplayListPage() {
  const { projectId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const list = useListQuery(replayList);
  const query = useReplays(projectId, list.apiQuery);
  return (
    <>
      <PageTitle title="Replays">{permissions.canUpdateProject && <NewReplayButton projectId={projectId} />}</PageTitle>
      <Text size="sm" c="dimmed" mb="sm">
        A replay asks the questions visitors asked a deployment again, of the version it answers from and of a candidate, and shows what the candidate would change.
      </Text>
      <DataTable
        label="Replays"
        columns={replayColumns(projectId, permissions.canUpdateProject)}
        list={list}
        query={query}
        filters={[{ field: 'candidate_version', header: 'Candidate version' }]}
        rowKey={(replay) => replay.id}
        rowName={(replay) => `${replay.deployment_name} ${versionsWords(replay)}`}
        empty={{
          title: 'No replays yet.',
          hint: permissions.canUpdateProject ? 'New replay starts the first one.' : 'Editors and admins of the project start them.',
        }}
      />
    </>
  );
}
