import { Button, Group } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canAdminister } from '@console/contracts';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/api/get-session';
import { CreateWorkspaceButton } from './create-workspace-button';
import { WorkspaceTable } from './workspace-table';

/**
 * /workspace: the caller's workspaces (all of them for super users); super users create. All
 * Projects leads to every project the caller can open, also where a role on the project alone
 * gives no workspace row to follow.
 */
export function WorkspaceListPage() {
  const session = useSession().data;
  return (
    <>
      <PageTitle title="Workspaces">
        <Group gap="xs">
          <Button component={Link} to={paths.projects.to()} variant="default" leftSection={<IconFolders size={16} />}>
            All Projects
          </Button>
          {session && canAdminister(session.user) && <CreateWorkspaceButton />}
        </Group>
      </PageTitle>
      <WorkspaceTable />
    </>
  );
}
