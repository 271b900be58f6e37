import { Text } from '@mantine/core';
import { RESPONSE_CHARACTER_LIMIT, updateContentResponseBody, type Content } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { RichTextEditor } from '@/components/rich-text-editor';
import { useUpdateContentResponse } from '../api/update-content-response';
import { CONTENT_SAVED_TEXT } from '../saved-text';

/**
 * The Response editor: the rich-text editor without headings, limited to
 * RESPONSE_CHARACTER_LIMIT characters, with Save for those who may update; read-only for the others.
 */
export function ContentResponseEditor({ content, canUpdate }: { content: Content; canUpdate: boolean }) {
  const mutation = useUpdateContentResponse(content.id);
  const form = useEntityForm({
    schema: updateContentResponseBody,
    initialValues: { response_pm: content.response_pm },
    onSubmit: (body) => mutation.mutateAsync(body),
    savedText: CONTENT_SAVED_TEXT,
  });
  const editor = (
    <RichTextEditor
      label="Response"
      value={form.values.response_pm}
      onChange={(document) => form.setField('response_pm', document)}
      characterLimit={RESPONSE_CHARACTER_LIMIT}
      readOnly={!canUpdate}
    />
  );
  if (!canUpdate) return editor;
  return (
    <EntityForm form={form} submitLabel="Save">
      {editor}
      {form.errors.response_pm && (
        <Text size="sm" c="red.7">
          {form.errors.response_pm}
        </Text>
      )}
    </EntityForm>
  );
}
