import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AppModal } from './app-modal';
import { FormError } from './entity-form';

interface ConfirmBaseProps {
  opened: boolean;
  onClose: () => void;
  /** The modal title, e.g. 'Delete User'. */
  title: string;
  /** Runs the delete; the modal stays open with the error if it fails. */
  onConfirm: () => Promise<unknown>;
}

/** Shared body: the question, optional extra content, the failure, Cancel and the confirming button (Delete unless told). */
function ConfirmFrame({
  onClose,
  onConfirm,
  message,
  children,
  enabled,
  confirmLabel = 'Delete',
  color = 'red',
}: Omit<ConfirmBaseProps, 'opened' | 'title'> & { message: ReactNode; children?: ReactNode; enabled: boolean; confirmLabel?: string; color?: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!enabled || pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      setError(caught);
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <Stack gap="sm">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        {children}
        <FormError error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={color} disabled={!enabled} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every delete asks first: 'Delete' (or the deletion's own verb) / 'Cancel' in an AppModal. */
export function ConfirmDelete({
  opened,
  onClose,
  title,
  onConfirm,
  message = 'This cannot be undone.',
  confirmLabel,
}: ConfirmBaseProps & { message?: ReactNode; confirmLabel?: string }) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} centered>
      {opened && <ConfirmFrame onClose={onClose} onConfirm={onConfirm} message={message} enabled confirmLabel={confirmLabel} />}
    </AppModal>
  );
}

/**
 * An action other than deleting that still asks first (dismissing a topic): the question, Cancel and
 * the action's own button; the failure shows in the modal.
 */
export function ConfirmAction({
  opened,
  onClose,
  title,
  onConfirm,
  message,
  confirmLabel,
}: ConfirmBaseProps & { message: ReactNode; confirmLabel: string }) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} centered>
      {opened && <ConfirmFrame onClose={onClose} onConfirm={onConfirm} message={message} enabled confirmLabel={confirmLabel} color="blue" />}
    </AppModal>
  );
}

/** A record of a kind ('Channel') to delete, and what deleting it does besides, where that is worth saying. */
export interface DeletedRecord {
  noun: string;
  /** A sentence after the question, e.g. 'The content items it made are kept.' */
  consequence?: string;
}

/**
 * 'Delete {Noun}' asking 'Delete the {noun} {name}?' (then the consequence), open while `name` is
 * set: the one confirmation of deleting a project's record, from its list or its page.
 */
export function ConfirmDeleteRecord({
  noun,
  consequence,
  name,
  onClose,
  onConfirm,
}: DeletedRecord & Omit<ConfirmBaseProps, 'opened' | 'title'> & { name: string | null }) {
  const question = name === null ? undefined : `Delete the ${noun.toLowerCase()} ${name}?`;
  return (
    <ConfirmDelete
      opened={name !== null}
      onClose={onClose}
      title={`Delete ${noun}`}
      message={question && consequence ? `${question} ${consequence}` : question}
      onConfirm={onConfirm}
    />
  );
}

function ByNameBody({
  entity,
  name,
  onClose,
  onConfirm,
}: Omit<ConfirmBaseProps, 'opened' | 'title'> & { entity: string; name: string }) {
  const [typed, setTyped] = useState('');
  return (
    <ConfirmFrame
      onClose={onClose}
      onConfirm={onConfirm}
      enabled={typed === name}
      message={`Type ${name} to confirm`}
    >
      <TextInput
        label={`${entity} name`}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
    </ConfirmFrame>
  );
}

/**
 * Deleting a project or workspace: 'Type {name} to confirm', an input labelled
 * '{Entity} name', and Delete enabled only on the exact name.
 */
export function ConfirmByName({
  opened,
  onClose,
  title,
  onConfirm,
  entity,
  name,
}: ConfirmBaseProps & { entity: string; name: string }) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} centered>
      {opened && <ByNameBody entity={entity} name={name} onClose={onClose} onConfirm={onConfirm} />}
    </AppModal>
  );
}
