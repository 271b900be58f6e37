import { useState } from 'react';
import { Button, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createWorkspaceBody } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { FormModal } from '@/components/form-modal';
import { useCreateWorkspace } from '../api/create-workspace';

function CreateWorkspaceForm({ onClose }: { onClose: () => void }) {
  const mutation = useCreateWorkspace();
  const form = useEntityForm({
    schema: createWorkspaceBody,
    initialValues: { display_name: '', description: '' },
    savedText: null,
    onSubmit: async (body) => {
      await mutation.mutateAsync(body);
      onClose();
    },
  });
  return (
    <EntityForm
      form={form}
      submitLabel="Create"
     
      actions={
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.textProps('description')} />
    </EntityForm>
  );
}

/** 'Create Workspace' (super users); the new workspace appears in the list. */
export function CreateWorkspaceButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
        Create Workspace
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Create Workspace">
        <CreateWorkspaceForm onClose={() => setOpened(false)} />
      </FormModal>
    </>
  );
}
