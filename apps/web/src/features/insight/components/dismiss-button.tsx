import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEyeOff } from '@tabler/icons-react';
import { fixKindLabels } from '@console/contracts';
import { ConfirmAction } from '@/components/confirm-delete';
import { useFixTopic } from '../api/fix-topic';

/** Dismiss: the topic leaves the inbox until new questions join it, after a confirmation that says so. */
export function DismissButton({ projectId, topicId }: { projectId: string; topicId: string }) {
  const fix = useFixTopic(projectId, topicId);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconEyeOff size={16} />} onClick={() => setOpened(true)}>
        Dismiss
      </Button>
      <ConfirmAction
        opened={opened}
        onClose={() => setOpened(false)}
        title="Dismiss Topic"
        message="Dismiss this topic? It comes back only if new questions join it."
        confirmLabel="Dismiss"
        onConfirm={async () => {
          const answer = await fix.mutateAsync({ kind: 'dismiss' });
          notifications.show({ color: 'green', title: fixKindLabels.dismiss, message: answer.fix.summary });
          setOpened(false);
        }}
      />
    </>
  );
}
