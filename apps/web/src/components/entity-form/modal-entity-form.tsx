import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@mantine/core';
import { EntityForm } from './entity-form';

interface ModalEntityFormProps {
  form: ComponentProps<typeof EntityForm>['form'];
  submitLabel: string;
  onClose: () => void;
  /** The text of the button that closes the modal without submitting. */
  closeLabel?: string;
  children: ReactNode;
}

/** An EntityForm inside a modal: a Cancel (or Close) button beside submit. */
export function ModalEntityForm({ form, submitLabel, onClose, closeLabel = 'Cancel', children }: ModalEntityFormProps) {
  return (
    <EntityForm
      form={form}
      submitLabel={submitLabel}
      actions={
        <Button variant="default" onClick={onClose}>
          {closeLabel}
        </Button>
      }
    >
      {children}
    </EntityForm>
  );
}
