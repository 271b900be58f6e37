import { Suspense, lazy, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { DRAWER_WIDTH, type Session } from '@console/contracts';
import { AppDrawer } from '@/components/app-modal';
import { FullPageLoader } from '@/components/full-page-loader';
import { SyncButton } from '@/features/deployment/components/sync-button';

// The widget loads with the drawer's first opening, never with the shell.
const RealTimeTest = lazy(() =>
  import('@/features/real-time-test/components/real-time-test').then((m) => ({ default: m.RealTimeTest })),
);

interface RealTimeTestDrawerProps {
  opened: boolean;
  onClose: () => void;
  projectId: string | null;
  session: Session | undefined;
}

/**
 * The Real-Time Test drawer, 28rem wide. It stays mounted once
 * opened, so a conversation survives closing it (and following a link out of it); a project that
 * was never synced is asked to sync first, since there is nothing yet to answer from.
 */
export function RealTimeTestDrawer({ opened, onClose, projectId, session }: RealTimeTestDrawerProps) {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  const project = session?.project && session.project.id === projectId ? session.project : null;

  return (
    <AppDrawer
      opened={opened}
      onClose={onClose}
      title="Real-Time Test"
      position="right"
      size={DRAWER_WIDTH}
      keepMounted
      closeButtonProps={{ 'aria-label': 'Close Real-Time Test' }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
    >
      {!used ? null : !projectId ? (
        <Text size="sm">Choose a project to test its assistant here.</Text>
      ) : !project ? (
        <FullPageLoader label="Loading project" />
      ) : project.synced_at ? (
        <Suspense fallback={<FullPageLoader label="Loading the chat widget" />}>
          {/* Another project starts another conversation. */}
          <RealTimeTest key={project.id} projectId={project.id} onLeave={onClose} />
        </Suspense>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{project.display_name} has not been synced yet. Sync the project before testing it.</Text>
          <SyncButton session={session} />
        </Stack>
      )}
    </AppDrawer>
  );
}
