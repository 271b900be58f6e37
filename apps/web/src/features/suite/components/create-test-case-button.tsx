import { IconPlus } from '@tabler/icons-react';
import { FormModalButton } from '@/components/form-modal-button';
import { TestCaseForm, testCaseFormValues } from '@/components/test-case-form';
import { testCaseApi } from '@/lib/api/test-case';

export const CREATE_TEST_CASE = 'Create Test Case';

function CreateTestCaseForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const create = testCaseApi.useCreate(projectId);
  return <TestCaseForm projectId={projectId} initialValues={testCaseFormValues()} submitLabel="Create" save={create.mutateAsync} onClose={onClose} />;
}

/** 'Create Test Case': a new case in the modal form; the list then shows it. */
export function CreateTestCaseButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label={CREATE_TEST_CASE} icon={<IconPlus size={16} />} size="lg">
      {(close) => <CreateTestCaseForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
