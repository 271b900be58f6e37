import { useCallback, useEffect } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useModalSuppression } from '@/components/app-modal';
import { useSignOut } from '../shell/use-sign-out';
import { useInactivity } from './use-inactivity';

const TIMEOUT_NOTICE = 'You were signed out after a period of inactivity.';

/**
 * Signs the user out after INACTIVITY_LIMIT_MS without activity, warning INACTIVITY_WARNING_MS before.
 * Mounted only inside the signed-in shell, so tracking is off on the sign-in screens.
 */
export function InactivityMonitor() {
  const signOut = useSignOut();
  const onTimeout = useCallback(() => signOut(TIMEOUT_NOTICE), [signOut]);
  const { warning, remainingMs, stay } = useInactivity(onTimeout);
  const { setSuppressed } = useModalSuppression();

  // Every other app modal hides while the warning is up and comes back afterwards.
  useEffect(() => {
    setSuppressed(warning);
    return () => setSuppressed(false);
  }, [warning, setSuppressed]);

  const seconds = Math.ceil(remainingMs / 1000);

  return (
    <Modal
      opened={warning}
      onClose={stay}
      title="Session Timeout Warning"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={1000}
      size="sm"
      styles={{ title: { fontWeight: 600 } }}
    >
      <Text size="sm" mb="lg" role="timer" aria-live="off">
        You will be signed out in <strong data-testid="inactivity-seconds">{seconds}</strong> seconds because of
        inactivity.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => signOut()}>
          Log Out Now
        </Button>
        <Button onClick={stay} data-autofocus>
          Stay Logged In
        </Button>
      </Group>
    </Modal>
  );
}
