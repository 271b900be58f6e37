import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ModalEntityForm, useEntityForm } from '@/components/entity-form';
import { FileUploadInput } from '@/components/file-upload-input';
import { FormModalButton } from '@/components/form-modal-button';
import { useImportTestCases } from '../api/import-test-cases';
import { importBody, importTestCasesForm } from '../import-form';

interface ImportValues extends Record<string, unknown> {
  file: File | null;
}

const casesWord = (count: number) => `${count} test ${count === 1 ? 'case' : 'cases'}`;

function ImportTestCasesForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const mutation = useImportTestCases(projectId);
  const [imported, setImported] = useState<number | null>(null);
  const form = useEntityForm({
    schema: importTestCasesForm,
    initialValues: { file: null } as ImportValues,
    savedText: null,
    onSubmit: async ({ file }) => setImported((await mutation.mutateAsync(await importBody(file))).imported),
  });

  if (imported !== null) {
    return (
      <Stack gap="sm">
        <Text size="sm" role="status">{`Imported ${casesWord(imported)}.`}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <ModalEntityForm form={form} submitLabel="Import" onClose={onClose}>
      <FileUploadInput
        label="File"
        description="Test cases as CSV (the export's columns) or JSON (a list of cases). A bad line imports nothing."
        accept=".csv,.json,text/csv,application/json"
        value={form.values.file}
        onChange={(file) => form.setField('file', file)}
        error={form.errors.file}
      />
    </ModalEntityForm>
  );
}

/** 'Import': test cases from a CSV or JSON file, added to the project's; the server's refusal names the line and the field. */
export function ImportTestCasesButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Import" title="Import Test Cases" variant="default" icon={<IconUpload size={16} />}>
      {(close) => <ImportTestCasesForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
