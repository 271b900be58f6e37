import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { versionList, versionMessages, type Version } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useVersions } from '@/lib/api/version';
import { formatDateTime } from '@/lib/format';
import { formatVersionCounts } from '@/lib/version-counts';
import { DeploymentBadges } from './deployment-badges';

function versionColumns(projectId: string): DataTableColumn<Version>[] {
  return [
    {
      key: 'number',
      header: 'Version',
      sortField: 'number',
      render: (version) => (
        <Anchor component={Link} to={projectPaths.version.to(projectId, version.number)} size="sm">
          Version {version.number}
        </Anchor>
      ),
    },
    { key: 'note', header: 'Note', filterField: 'note', render: (version) => version.note || '—' },
    { key: 'created_by', header: 'Synced by', render: (version) => version.created_by_name ?? '—' },
    { key: 'created_at', header: 'Synced', sortField: 'created_at', filterField: 'created_at', render: (version) => formatDateTime(version.created_at) },
    {
      key: 'counts',
      header: 'Holds',
      render: (version) => (
        <Text size="xs" c="dimmed">
          {formatVersionCounts(version.counts)}
        </Text>
      ),
    },
    {
      key: 'deployments',
      header: 'Answering',
      render: (version) => <DeploymentBadges projectId={projectId} deployments={version.deployments} none="—" />,
    },
  ];
}

/** project/{id}/version: every sync's version, newest first, with what it holds and the deployments answering from it. */
export function VersionListPage() {
  const { projectId = '' } = useParams();
  const list = useListQuery(versionList);
  const query = useVersions(projectId, list.apiQuery);

  return (
    <>
      <PageTitle title="Versions" />
      <Text size="sm" c="dimmed" mb="md">
        Each sync makes a version of the project. {versionMessages.pruning}
      </Text>
      <DataTable
        label="Versions"
        columns={versionColumns(projectId)}
        list={list}
        query={query}
        rowKey={(version) => version.id}
        empty={{ title: 'No versions yet.', hint: 'Sync the project (in the header) to make its first version.' }}
      />
    </>
  );
}
