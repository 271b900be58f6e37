import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { workspaceList, type Workspace } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useWorkspaces } from '../api/get-workspaces';

const columns: DataTableColumn<Workspace>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'display_name',
    filterField: 'display_name',
    render: (workspace) => (
      <Anchor component={Link} to={paths.workspace.to(workspace.id)} size="sm">
        {workspace.display_name}
      </Anchor>
    ),
  },
  {
    key: 'modified',
    header: 'Modified',
    sortField: 'updated_at',
    filterField: 'updated_at',
    render: (workspace) => formatDateTime(workspace.updated_at),
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    filterField: 'status',
    render: (workspace) => <StatusBadge status={workspace.status} />,
  },
];

/** The workspace list (console.md §2): Name, Modified, Status. */
export function WorkspaceTable({ namespace }: { namespace?: string }) {
  const list = useListQuery(workspaceList, namespace);
  const query = useWorkspaces(list.apiQuery);
  return <DataTable label="Workspaces" columns={columns} list={list} query={query} rowKey={(workspace) => workspace.id} />;
}
