import { TextInput } from '@mantine/core';
import { updateSourceBody, type Source } from '@console/contracts';
import { ModalEntityForm, useEntityForm } from '@/components/entity-form';
import { useUpdateSource } from '../api/update-source';

/** 'Update Source': the Name; submit 'Save'; stays open to show 'Saved!'. */
export function UpdateSourceForm({ source, onClose }: { source: Source; onClose: () => void }) {
  const mutation = useUpdateSource(source);
  const form = useEntityForm({
    schema: updateSourceBody,
    initialValues: { display_name: source.display_name },
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return (
    <ModalEntityForm form={form} submitLabel="Save" onClose={onClose} closeLabel="Close">
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
    </ModalEntityForm>
  );
}
