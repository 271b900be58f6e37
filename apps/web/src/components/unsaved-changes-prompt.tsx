import { useEffect } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useBlocker } from 'react-router';
import { paths } from '@/config/paths';
import { AppModal } from './app-modal';

const UNSAVED_CHANGES_TEXT = 'You have unsaved changes. Are you sure you want to leave this page?';

/**
 * Warns before leaving a page with unsaved changes: inside the console with a
 * Stay / Leave dialog, and the browser's own question on reload or close. The way to sign-in is
 * never held up: an ended session has to leave.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith(paths.login.root),
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const blocked = blocker.state === 'blocked';
  return (
    <AppModal opened={blocked} onClose={() => blocker.reset?.()} title="Unsaved Changes" centered>
      <Stack gap="sm">
        <Text size="sm">{UNSAVED_CHANGES_TEXT}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
