import { TextInput } from '@mantine/core';
import { z } from 'zod';
import { imageUrlSchema, text } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';

const imageSchema = z.object({ src: imageUrlSchema, alt: text('Alternative text', 0, 1024) });
export type ImageValues = z.infer<typeof imageSchema>;

/** The image dialog's form: URL required (http or https) and its alternative text. */
export function ImageForm({
  initial,
  onApply,
  onClose,
}: {
  initial: ImageValues;
  onApply: (image: ImageValues) => void;
  onClose: () => void;
}) {
  const form = useModalEntityForm({
    schema: imageSchema,
    initialValues: initial as ImageValues & Record<string, unknown>,
    onSubmit: async (image) => onApply(image),
    onDone: onClose,
  });

  return (
    <ModalEntityForm form={form} submitLabel="Apply" onClose={onClose}>
      <TextInput label="URL" placeholder="https://" autoComplete="off" data-autofocus {...form.textProps('src')} />
      <TextInput
        label="Alternative text"
        description="Read out in place of the image, and shown where it cannot load."
        autoComplete="off"
        {...form.textProps('alt')}
      />
    </ModalEntityForm>
  );
}
