import { Stack, Text } from '@mantine/core';
import { DRAWER_WIDTH, type Session } from '@console/contracts';
import { AppDrawer } from '@/components/app-modal';

interface RealTimeTestDrawerProps {
  opened: boolean;
  onClose: () => void;
  projectId: string | null;
  session: Session | undefined;
}

/** The Real-Time Test drawer; the chat widget itself arrives with the assistant work. */
export function RealTimeTestDrawer({ opened, onClose, projectId, session }: RealTimeTestDrawerProps) {
  const project = session?.project && session.project.id === projectId ? session.project : null;

  return (
    <AppDrawer opened={opened} onClose={onClose} title="Real-Time Test" position="right" size={DRAWER_WIDTH}>
      <Stack gap="sm">
        {!projectId ? (
          <Text size="sm">Choose a project to test its assistant here.</Text>
        ) : project?.synced_at ? (
          <>
            <Text size="sm">
              {project.display_name} was last synced on {new Date(project.synced_at).toLocaleString()}.
            </Text>
            <Text size="sm" c="dimmed">
              The chat widget for testing the synced project appears here; it is added in a later release.
            </Text>
          </>
        ) : (
          <Text size="sm">The chat widget appears here once the project is synced.</Text>
        )}
      </Stack>
    </AppDrawer>
  );
}
