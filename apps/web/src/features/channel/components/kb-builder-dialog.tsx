import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { EMPTY_PM_DOCUMENT, kbToPm, pmToKb, type KbDocument, type PmDocument } from '@console/contracts';
import { AppModal } from '@/components/app-modal';
import { RichTextEditor } from '@/components/rich-text-editor';

interface KbBuilderDialogProps {
  /** The message edited, e.g. 'Welcome Message': the editor's label. */
  label: string;
  /** The message as KB nodes (null: none). */
  value: KbDocument | null;
  /** Whether the message may be left out: offers Clear. */
  nullable: boolean;
  opened: boolean;
  onClose: () => void;
  onSave: (value: KbDocument | null) => void;
}

function KbBuilderBody({ label, value, nullable, onClose, onSave }: Omit<KbBuilderDialogProps, 'opened'>) {
  // The editor speaks ProseMirror; the widget's configuration holds KB nodes (contracts converters).
  const [document, setDocument] = useState<PmDocument>(() => (value ? kbToPm(value) : EMPTY_PM_DOCUMENT));
  const done = (next: KbDocument | null) => {
    onSave(next);
    onClose();
  };
  return (
    <Stack gap="sm">
      <RichTextEditor label={label} value={document} onChange={setDocument} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {nullable && (
          <Button variant="default" color="red" onClick={() => done(null)}>
            Clear
          </Button>
        )}
        <Button onClick={() => done(pmToKb(document))}>Save</Button>
      </Group>
    </Stack>
  );
}

/**
 * The KB Builder: a rich-text dialog for the welcome, error and footer messages.
 * Save hands the message to the editor (the sandbox shows it at once; the channel's Save stores
 * it); Clear, where the message may be absent, leaves it out; Cancel keeps what was there.
 */
export function KbBuilderDialog({ opened, ...props }: KbBuilderDialogProps) {
  return (
    <AppModal opened={opened} onClose={props.onClose} title={`KB Builder: ${props.label}`} size="lg" centered>
      {opened && <KbBuilderBody {...props} />}
    </AppModal>
  );
}
