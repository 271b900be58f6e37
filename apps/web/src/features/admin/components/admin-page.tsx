import { Group, Stack, Title } from '@mantine/core';
import { canAdminister } from '@console/contracts';
import { NoPermission } from '@/components/no-permission';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/features/session/api/get-session';
import { CreateUserButton } from '@/features/user/components/create-user-button';
import { UserTable } from '@/features/user/components/user-table';
import { CreateWorkspaceButton } from '@/features/workspace/components/create-workspace-button';
import { WorkspaceTable } from '@/features/workspace/components/workspace-table';

/** /admin (super users): User Management and Workspace Management, each table with its own URL namespace. */
export function AdminPage() {
  const session = useSession().data;
  if (!session || !canAdminister(session.user)) return <NoPermission title="Admin Panel" />;
  return (
    <>
      <PageTitle title="Admin Panel" />
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="admin-users">
          <Group justify="space-between">
            <Title order={3} size="h4" id="admin-users">
              User Management
            </Title>
            <CreateUserButton />
          </Group>
          <UserTable namespace="user" />
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="admin-workspaces">
          <Group justify="space-between">
            <Title order={3} size="h4" id="admin-workspaces">
              Workspace Management
            </Title>
            <CreateWorkspaceButton />
          </Group>
          <WorkspaceTable namespace="workspace" />
        </Stack>
      </Stack>
    </>
  );
}
