import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { userList, type User } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useUsers } from '../api/get-users';

const columns: DataTableColumn<User>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'display_name',
    filterField: 'display_name',
    render: (user) => (
      <Anchor component={Link} to={paths.user.to(user.id)} size="sm">
        {user.display_name}
      </Anchor>
    ),
  },
  { key: 'email', header: 'Email', sortField: 'email', filterField: 'email', render: (user) => user.email },
  { key: 'modified', header: 'Modified', sortField: 'updated_at', render: (user) => formatDateTime(user.updated_at) },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    filterField: 'status',
    render: (user) => <StatusBadge status={user.status} />,
  },
];

/** The user list (console.md §2): Name, Email, Modified, Status; state in the URL under `namespace`. */
export function UserTable({ namespace }: { namespace?: string }) {
  const list = useListQuery(userList, namespace);
  const query = useUsers(list.apiQuery);
  return <DataTable label="Users" columns={columns} list={list} query={query} rowKey={(user) => user.id} />;
}
