import { useId, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { kbPlainText, type KbDocument } from '@console/contracts';
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
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text component="div" size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        {!readOnly && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} />}
            onClick={() => setOpened(true)}
            aria-label={`Edit ${label}`}
          >
            Edit
          </Button>
        )}
      </Group>
      <Paper withBorder p="xs" radius="sm" aria-labelledby={labelId} role="group">
        <Text size="sm" c={value ? undefined : 'dimmed'} lineClamp={3}>
          {value === null ? 'None' : text || '(empty)'}
        </Text>
      </Paper>
      {error && (
        <Text size="xs" c="red.7">
          {error}
        </Text>
      )}
      <KbBuilderDialog
        label={label}
        value={value}
        nullable={nullable}
        opened={opened}
        onClose={() => setOpened(false)}
        onSave={onChange}
      />
    </Stack>
  );
}
