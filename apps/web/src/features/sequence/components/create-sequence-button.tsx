import { TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { sequenceApi } from '@/lib/api/sequence-api';

function CreateSequenceForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = sequenceApi.useCreate(projectId);
  const form = useModalEntityForm({
    schema: sequenceApi.contracts.body,
    initialValues: { name: '' },
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: (sequence) => {
      onClose();
      void navigate(projectPaths.sequence.to(projectId, sequence.id));
    },
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('name')} />
    </ModalEntityForm>
  );
}

/** 'Create Sequence' (Name, 1-64): the new, empty sequence opens in the builder. */
export function CreateSequenceButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Create Sequence" icon={<IconPlus size={16} />}>
      {(close) => <CreateSequenceForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
