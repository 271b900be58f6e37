import { Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FileUploadInput } from '@/components/file-upload-input';
import { FormModalButton } from '@/components/form-modal-button';
import { importProjectForm, useImportProject } from '../api/import-project';

interface ImportValues extends Record<string, unknown> {
  file: File | null;
  display_name: string;
}

function ImportProjectForm({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const mutation = useImportProject(workspaceId);
  const form = useModalEntityForm({
    schema: importProjectForm,
    initialValues: { file: null, display_name: '' } as ImportValues,
    // An empty name keeps the archive's.
    toInput: (values) => ({ ...values, display_name: values.display_name || undefined }),
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Import" onClose={onClose}>
      <FileUploadInput
        label="Archive File"
        description="A project archive (.json) exported from a console."
        accept=".json,application/json"
        value={form.values.file}
        onChange={(file) => form.setField('file', file)}
        error={form.errors.file}
      />
      <TextInput
        label="Name"
        description="Leave empty to keep the name in the archive."
        autoComplete="off"
        {...form.textProps('display_name')}
      />
      {form.submitting && (
        <Text size="sm" role="status">
          Importing...
        </Text>
      )}
    </ModalEntityForm>
  );
}

/** 'Import Project': a project archive becomes a new project of this workspace; the list then shows it. */
export function ImportProjectButton({ workspaceId }: { workspaceId: string }) {
  return (
    <FormModalButton label="Import Project" variant="default" icon={<IconUpload size={16} />}>
      {(close) => <ImportProjectForm workspaceId={workspaceId} onClose={close} />}
    </FormModalButton>
  );
}
