import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { deployHistoryList, type DeployHistoryEntry, type DeploymentAction } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useDeployHistory } from '../api/get-deploy-history';

const actionLabels: Record<DeploymentAction, string> = { deploy: 'Deploy', rollback: 'Rollback', promote: 'Promote' };

function historyColumns(projectId: string): DataTableColumn<DeployHistoryEntry>[] {
  const versionLink = (version: number | null) =>
    version === null ? (
      '—'
    ) : (
      <Anchor component={Link} to={projectPaths.version.to(projectId, version)} size="sm">
        Version {version}
      </Anchor>
    );
  return [
    { key: 'version', header: 'Version', render: (entry) => versionLink(entry.version) },
    { key: 'previous_version', header: 'Replaced', render: (entry) => versionLink(entry.previous_version) },
    { key: 'action', header: 'Action', filterField: 'action', filterLabels: actionLabels, render: (entry) => actionLabels[entry.action] },
    { key: 'deployed_by', header: 'By', render: (entry) => entry.deployed_by_name ?? '—' },
    { key: 'deployed_at', header: 'When', sortField: 'deployed_at', render: (entry) => formatDateTime(entry.deployed_at) },
    { key: 'reason', header: 'Reason', render: (entry) => entry.reason || '—' },
    { key: 'override_reason', header: 'Override reason', render: (entry) => entry.override_reason ?? '—' },
  ];
}

/** A deployment's deploy history: each deploy, rollback and promote, newest first (its paging in the URL under 'history.'). */
export function DeployHistoryTable({ projectId, deploymentId }: { projectId: string; deploymentId: string }) {
  const list = useListQuery(deployHistoryList, 'history');
  const query = useDeployHistory(projectId, deploymentId, list.apiQuery);
  return (
    <DataTable
      label="Deploy history"
      columns={historyColumns(projectId)}
      list={list}
      query={query}
      rowKey={(entry) => entry.id}
      empty={{ title: 'Never deployed yet.', hint: 'Each deploy, rollback and promote of this deployment is kept here.' }}
    />
  );
}
