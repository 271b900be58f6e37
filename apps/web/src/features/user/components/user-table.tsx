import { userList, type User } from '@console/contracts';
import { DataTable, modifiedColumn, nameColumn, statusColumn, useListQuery, type DataTableColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { useUsers } from '../api/get-users';

const columns: DataTableColumn<User>[] = [
  nameColumn(paths.user.to),
  { key: 'email', header: 'Email', sortField: 'email', filterField: 'email', render: (user) => user.email },
  modifiedColumn(),
  statusColumn(),
];

const empty = { title: 'No users yet.', hint: 'Create User adds one.' };

/** The user list: Name, Email, Modified, Status; state in the URL under `namespace`. */
export function UserTable({ namespace }: { namespace?: string }) {
  const list = useListQuery(userList, namespace);
  const query = useUsers(list.apiQuery);
  return <DataTable label="Users" columns={columns} list={list} query={query} rowKey={(user) => user.id} empty={empty} />;
}
