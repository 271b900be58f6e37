import { Select, TextInput } from '@mantine/core';
import { contentStatuses, updateContentBody, type Content } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { statusOptions } from '@/lib/status';
import { useUpdateContent } from '../api/update-content';
import { CONTENT_SAVED_TEXT } from '../saved-text';

/**
 * Subject (1-255) and status of an item. The status is a choice only for those who may activate
 * and deactivate; the others keep it as it is.
 */
export function ContentSettingsForm({ content, canChangeStatus }: { content: Content; canChangeStatus: boolean }) {
  const mutation = useUpdateContent();
  const form = useEntityForm({
    schema: updateContentBody,
    initialValues: { subject: content.subject, status: content.status as string },
    onSubmit: (body) => mutation.mutateAsync({ id: content.id, body }),
    savedText: CONTENT_SAVED_TEXT,
  });
  return (
    <EntityForm form={form} submitLabel="Save">
      <TextInput label="Subject" autoComplete="off" {...form.textProps('subject')} />
      {canChangeStatus && <Select label="Status" data={statusOptions(contentStatuses)} {...form.selectProps('status')} />}
    </EntityForm>
  );
}
