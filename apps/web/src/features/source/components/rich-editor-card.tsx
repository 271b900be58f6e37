import { Text } from '@mantine/core';
import { EMPTY_PM_DOCUMENT, pmDocumentSchema, richEditorConfigSchema, type PmDocument, type Source } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { RichTextEditor } from '@/components/rich-text-editor';
import { useUpdateSourceConfig } from '../api/update-source-config';
import { SourceCard } from './source-card';

/** The editor's height before it grows with the text. */
const EDITOR_MIN_HEIGHT = '16rem';

/** The stored document of a rich_editor source, or an empty one when its config holds none. */
function storedDocument(source: Source): PmDocument {
  const parsed = pmDocumentSchema.safeParse(source.config.document);
  return parsed.success ? parsed.data : EMPTY_PM_DOCUMENT;
}

/** A rich_editor source: the document in the rich-text editor (headings on), saved as the source's config. */
export function RichEditorCard({ source, canUpdate }: { source: Source; canUpdate: boolean }) {
  const mutation = useUpdateSourceConfig(source);
  const form = useEntityForm({
    schema: richEditorConfigSchema,
    initialValues: { document: storedDocument(source) },
    onSubmit: (config) => mutation.mutateAsync({ config }),
  });
  const editor = (
    <RichTextEditor
      label="Document"
      headings
      readOnly={!canUpdate}
      minHeight={EDITOR_MIN_HEIGHT}
      value={form.values.document}
      onChange={(document) => form.setField('document', document)}
    />
  );
  return (
    <SourceCard title="Rich Editor">
      <Text size="sm" c="dimmed">
        Each heading starts a section; pulling the source makes one content item per section.
      </Text>
      {canUpdate ? (
        <EntityForm form={form} submitLabel="Save">
          {editor}
        </EntityForm>
      ) : (
        editor
      )}
    </SourceCard>
  );
}
