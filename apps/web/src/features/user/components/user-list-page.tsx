import { canAdminister } from '@console/contracts';
import { NoPermission } from '@/components/no-permission';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/lib/api/get-session';
import { CreateUserButton } from './create-user-button';
import { UserTable } from './user-table';

/** /user (super users): the user table and 'Create User'. */
export function UserListPage() {
  const session = useSession().data;
  if (!session || !canAdminister(session.user)) return <NoPermission title="Users" />;
  return (
    <>
      <PageTitle title="Users">
        <CreateUserButton />
      </PageTitle>
      <UserTable />
    </>
  );
}
