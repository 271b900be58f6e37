import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { COPIED_MARK_MS } from '@console/contracts';

/** Copies a value to the clipboard; the button reads 'Copied' for COPIED_MARK_MS after. */
export function CopyValueButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  return (
    <CopyButton value={value} timeout={COPIED_MARK_MS}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          size="xs"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}
