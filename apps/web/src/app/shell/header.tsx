import { Anchor, Badge, Burger, Button, Group, Loader } from '@mantine/core';
import { IconBuilding, IconFolder } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { Session } from '@console/contracts';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { SessionDeployButton } from '@/features/deployment/components/session-deploy-button';
import { SyncButton } from '@/features/deployment/components/sync-button';
import { ProjectStatus } from './project-status';
import { UserMenu } from './user-menu';

interface HeaderProps {
  session: Session | undefined;
  sessionLoading: boolean;
  workspaceId: string | null;
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

/**
 * Header: logo and version, the current workspace and project by name (each opening its page; the
 * project needs a workspace), whether the project has unsynced changes and what Production answers
 * from, Sync, Deploy, user menu.
 */
export function Header({ session, sessionLoading, workspaceId, navbarOpened, onToggleNavbar }: HeaderProps) {
  const navigate = useNavigate();
  const workspace = session?.workspace ?? null;
  const project = session?.project ?? null;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={navbarOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Anchor component={Link} to={paths.workspaces.to()} underline="never" c="inherit" aria-label="Assistant Console home">
          <Logo />
        </Anchor>
        {session && (
          <Badge variant="light" color="gray" tt="none" title="Server version" data-testid="server-version">
            {session.version}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="subtle"
          leftSection={<IconBuilding size={16} />}
          onClick={() => navigate(paths.workspaces.to())}
          title={workspace ? `Current workspace: ${workspace.display_name}` : undefined}
          aria-label={workspace ? `Workspace: ${workspace.display_name}` : undefined}
          maw={220}
        >
          {workspace?.display_name ?? 'Workspace'}
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconFolder size={16} />}
          disabled={!workspaceId}
          onClick={() => workspaceId && navigate(paths.workspace.to(workspaceId))}
          title={project ? `Current project: ${project.display_name}` : undefined}
          aria-label={project ? `Project: ${project.display_name}` : undefined}
          maw={220}
        >
          {project?.display_name ?? 'Project'}
        </Button>
        {project && <ProjectStatus projectId={project.id} />}
        <SyncButton session={session} />
        <SessionDeployButton session={session} />
        {session && <UserMenu user={session.user} />}
        {!session && sessionLoading && <Loader size="sm" aria-label="Loading session" />}
      </Group>
    </Group>
  );
}
