import { Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { createSourceBody, creatableSourceTypes, type CreatableSourceType } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useCreateSource } from '../api/create-source';
import { sourceTypeLabels } from '../source-types';

const typeOptions = creatableSourceTypes.map((type) => ({ value: type, label: sourceTypeLabels[type] }));

function CreateSourceForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useCreateSource(projectId);
  const form = useModalEntityForm({
    schema: createSourceBody,
    initialValues: { display_name: '', type: 'rich_editor' as CreatableSourceType | '' },
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: (source) => {
      onClose();
      void navigate(projectPaths.source.to(projectId, source.id));
    },
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Select label="Type" data={typeOptions} {...form.selectProps('type')} />
    </ModalEntityForm>
  );
}

/** 'Create Source' (Name, Type); the new source opens. */
export function CreateSourceButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Create Source" icon={<IconPlus size={16} />}>
      {(close) => <CreateSourceForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
