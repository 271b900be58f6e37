import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { replayItemList, type Replay } from '@console/contracts';
import { useListQuery } from '@/components/data-table';
import { filterKey } from '@/components/data-table/list-state';
import { DetailList } from '@/components/detail-list';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { JobProgress } from '@/components/job-progress';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useRefreshWhenFinished } from '@/hooks/use-refresh-when-finished';
import { isJobFinished } from '@/lib/api/job';
import { formatDateTime } from '@/lib/format';
import { useReplay } from '../api/get-replay';
import { replayKeys } from '../api/keys';
import { versionsWords, windowWords } from '../replay-words';
import { ReplayItemTable } from './replay-item-table';
import { ReplayNotes, ReplayReport } from './replay-report';

function ReplayDetails({ replay }: { replay: Replay }) {
  return (
    <DetailList
      label="Replay"
      items={[
        { label: 'Deployment', value: replay.deployment_name },
        { label: 'Versions', value: `${versionsWords(replay)} (what it answers from → the candidate)` },
        { label: 'Window', value: windowWords(replay) },
        { label: 'Limit', value: `The ${replay.limit.toLocaleString('en-US')} most asked questions` },
        { label: 'Started', value: `${formatDateTime(replay.created_at)}${replay.created_by_name ? ` by ${replay.created_by_name}` : ''}` },
        { label: 'Finished', value: formatDateTime(replay.finished_at) },
      ]}
    />
  );
}

/**
 * project/{id}/replay/{replayId}: a replay, its progress (live, with the time left and Cancel) while it
 * runs, then (once finished) its report: the notes first, the count of each group, the moves from
 * item to item, and the questions by group, each opening both traces side by side.
 */
export function ReplayDetailPage() {
  const { projectId = '', replayId = '' } = useParams();
  const { permissions } = useProjectAccess(projectId);
  const replay = useReplay(projectId, replayId);
  const list = useListQuery(replayItemList);
  const job = replay.data?.job ?? null;
  const running = job !== null && !isJobFinished(job);
  // The questions read while the replay ran may miss its last ones.
  useRefreshWhenFinished(running, replayKeys.detail(projectId, replayId));
  const parent = { label: 'Replays', to: projectPaths.replays.to(projectId) };

  if (replay.isPending) return <FullPageLoader label="Loading replay" />;
  if (replay.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Replay" />
        <ErrorView error={replay.error} />
      </>
    );
  }
  const { summary } = replay.data;
  return (
    <>
      <ProjectSubPageHeader parent={parent} title={`Replay of ${replay.data.deployment_name}: version ${versionsWords(replay.data)}`} />
      <Stack gap="lg">
        {summary && <ReplayNotes notes={summary.notes} />}
        <ReplayDetails replay={replay.data} />
        {job && (running || job.status !== 'succeeded') && <JobProgress projectId={projectId} job={job} canCancel={permissions.canUpdateProject} />}
        {summary && (
          <>
            <ReplayReport summary={summary} onGroup={(group) => list.setFilters({ [filterKey('group', 'eq')]: group, [filterKey('group', 'neq')]: null })} />
            <Stack gap="xs">
              <Title order={3} size="h4">
                Questions
              </Title>
              <ReplayItemTable projectId={projectId} replay={replay.data} list={list} />
            </Stack>
          </>
        )}
      </Stack>
    </>
  );
}
