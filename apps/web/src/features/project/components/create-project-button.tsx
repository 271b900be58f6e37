import { useState } from 'react';
import { Button, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createProjectBody } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { FormModal } from '@/components/form-modal';
import { useCreateProject } from '../api/create-project';

function CreateProjectForm({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const mutation = useCreateProject(workspaceId);
  const form = useEntityForm({
    schema: createProjectBody,
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

/** 'Create Project' in a workspace; the new project appears in the list. */
export function CreateProjectButton({ workspaceId }: { workspaceId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
        Create Project
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Create Project">
        <CreateProjectForm workspaceId={workspaceId} onClose={() => setOpened(false)} />
      </FormModal>
    </>
  );
}
