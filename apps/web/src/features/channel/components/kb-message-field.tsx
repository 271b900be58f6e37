import { useId, useState } from 'react';
import { Button, Paper, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { kbPlainText, type KbDocument } from '@console/contracts';
import { FieldFrame } from './config-inputs';
import { KbBuilderDialog } from './kb-builder-dialog';

/** A message of the widget (welcome, error, footer): its text at a glance and the KB Builder to edit it. */
export function KbMessageField({
  label,
  value,
  nullable,
  onChange,
  readOnly,
  error,
}: {
  label: string;
  value: KbDocument | null;
  nullable: boolean;
  onChange: (value: KbDocument | null) => void;
  readOnly: boolean;
  error?: string;
}) {
  const [opened, setOpened] = useState(false);
  const labelId = useId();
  const text = value ? kbPlainText(value).trim() : '';
  return (
    <FieldFrame
      label={label}
      labelId={labelId}
      error={error}
      aside={
        !readOnly && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} />}
            onClick={() => setOpened(true)}
            aria-label={`Edit ${label}`}
          >
            Edit
          </Button>
        )
      }
    >
      <Paper withBorder p="xs" radius="sm" aria-labelledby={labelId} role="group">
        <Text size="sm" c={value ? undefined : 'dimmed'} lineClamp={3}>
          {value === null ? 'None' : text || '(empty)'}
        </Text>
      </Paper>
      <KbBuilderDialog
        label={label}
        value={value}
        nullable={nullable}
        opened={opened}
        onClose={() => setOpened(false)}
        onSave={onChange}
      />
    </FieldFrame>
  );
}
