import { canAdminister, workspaceList, type Workspace } from '@console/contracts';
import { DataTable, modifiedColumn, nameColumn, statusColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/api/get-session';
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
  const session = useSession().data;
  const empty = {
    title: 'No workspaces yet.',
    hint:
      session && canAdminister(session.user)
        ? 'Create Workspace adds the first one.'
        : 'You are not a member of any workspace yet: ask a workspace admin to add you.',
  };
  return <DataTable label="Workspaces" columns={columns} list={list} query={query} rowKey={(workspace) => workspace.id} empty={empty} />;
}
