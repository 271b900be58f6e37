import type { ChangeEvent } from 'react';
import { TextInput, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { ModalEntityForm } from './modal-entity-form';
import { useModalEntityForm } from './use-modal-entity-form';

interface TextFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: string;
}

/** The Name and Description fields of a workspace or project form. */
export function NameDescriptionFields({
  form,
}: {
  form: { textProps: (field: 'display_name' | 'description') => TextFieldProps };
}) {
  return (
    <>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.textProps('description')} />
    </>
  );
}

/** The modal 'Create' form of an entity made from a Name and a Description; closes on success. */
export function CreateNameDescriptionForm<S extends z.ZodType>({
  schema,
  create,
  onClose,
}: {
  /** The contracts schema of the create call. */
  schema: S;
  create: (body: z.output<S>) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useModalEntityForm({
    schema,
    initialValues: { display_name: '', description: '' },
    onSubmit: (body) => create(body),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <NameDescriptionFields form={form} />
    </ModalEntityForm>
  );
}
