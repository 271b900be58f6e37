import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { ConfirmByName, ConfirmDelete } from '@/components/confirm-delete';
import { SampleCard } from './sample-card';

/** The name ConfirmByName asks for: plainly not a real project's. */
const SAMPLE_NAME = 'Sample Project';

/** ConfirmDelete and ConfirmByName as every delete opens them; confirming deletes nothing. */
export function SampleConfirmations() {
  const [open, setOpen] = useState<'delete' | 'by-name' | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const show = (which: 'delete' | 'by-name') => {
    setConfirmed(false);
    setOpen(which);
  };
  const confirm = async () => {
    setOpen(null);
    setConfirmed(true);
  };

  return (
    <SampleCard
      title="Confirmations"
      description="A delete asks first; deleting a project or workspace also wants its exact name typed. Confirming here deletes nothing."
    >
      <Group gap="sm">
        <Button variant="default" onClick={() => show('delete')}>
          Open ConfirmDelete
        </Button>
        <Button variant="default" onClick={() => show('by-name')}>
          Open ConfirmByName
        </Button>
      </Group>
      {confirmed && (
        <Text size="sm" role="status">
          Confirmed. This sample deleted nothing.
        </Text>
      )}
      <ConfirmDelete opened={open === 'delete'} onClose={() => setOpen(null)} title="Delete Sample" onConfirm={confirm} />
      <ConfirmByName
        opened={open === 'by-name'}
        onClose={() => setOpen(null)}
        title="Delete Sample Project"
        entity="Project"
        name={SAMPLE_NAME}
        onConfirm={confirm}
      />
    </SampleCard>
  );
}
