import { AppShell, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/api/get-session';
import { setDrawerOpen, useAppState, useDrawerOpen } from '@/lib/storage';
import { InactivityMonitor } from '../inactivity/inactivity-monitor';
import { Header } from './header';
import { RealTimeTestDrawer } from './real-time-test-drawer';
import { Sidebar } from './sidebar';

/** The signed-in frame: header, sidebar, Real-Time Test drawer, inactivity watch, and the routed page. */
export function AppLayout() {
  const session = useSession();
  const { workspace, project } = useAppState();
  const drawerOpen = useDrawerOpen();
  const [navbarOpened, { toggle: toggleNavbar }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Header
          session={session.data}
          sessionLoading={session.isPending}
          workspaceId={workspace}
          navbarOpened={navbarOpened}
          onToggleNavbar={toggleNavbar}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar projectId={project} testOpen={drawerOpen} onOpenTest={() => setDrawerOpen(true)} />
      </AppShell.Navbar>
      <AppShell.Main>
        {session.data ? (
          <Outlet />
        ) : session.isError ? (
          <Stack maw={640} gap="sm" align="flex-start">
            <ErrorView error={session.error} title="The session could not be loaded" />
            <Button variant="default" size="xs" onClick={() => void session.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <FullPageLoader label="Loading session" />
        )}
      </AppShell.Main>
      <RealTimeTestDrawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        projectId={project}
        session={session.data}
      />
      <InactivityMonitor />
    </AppShell>
  );
}
