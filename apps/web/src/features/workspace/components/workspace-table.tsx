import { workspaceList, type Workspace } from '@console/contracts';
import { DataTable, modifiedColumn, nameColumn, statusColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { useWorkspaces } from '../api/get-workspaces';

const columns: DataTableColumn<Workspace>[] = [
  nameColumn(paths.workspace.to),
  modifiedColumn({ filterable: true }),
  statusColumn(),
];

/** The workspace list: Name, Modified, Status. */
export function WorkspaceTable({ namespace }: { namespace?: string }) {
  const list = useListQuery(workspaceList, namespace);
  const query = useWorkspaces(list.apiQuery);
  return <DataTable label="Workspaces" columns={columns} list={list} query={query} rowKey={(workspace) => workspace.id} />;
}
