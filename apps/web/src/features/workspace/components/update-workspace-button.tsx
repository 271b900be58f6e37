import { useState } from 'react';
import { Button, Select, TextInput, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { editableWorkspaceStatuses, updateWorkspaceBody, type Workspace } from '@console/contracts';
import { EntityForm, useEntityForm } from '@/components/entity-form';
import { FormModal } from '@/components/form-modal';
import { useUpdateWorkspace } from '../api/update-workspace';

function UpdateWorkspaceForm({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const mutation = useUpdateWorkspace(workspace.id);
  const editable = (editableWorkspaceStatuses as readonly string[]).includes(workspace.status);
  const form = useEntityForm({
    schema: updateWorkspaceBody,
    initialValues: {
      display_name: workspace.display_name,
      description: workspace.description,
      // A draft workspace must be given active or blocked here.
      status: editable ? workspace.status : '',
    },
    onSubmit: (body) => mutation.mutateAsync(body),
  });
  return (
    <EntityForm
      form={form}
      submitLabel="Save"
     
      actions={
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      }
    >
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.textProps('description')} />
      <Select
        label="Status"
        data={[...editableWorkspaceStatuses]}
        placeholder={editable ? undefined : workspace.status}
        {...form.selectProps('status')}
      />
    </EntityForm>
  );
}

/** 'Update' -> modal 'Update Workspace' (Name, Description, Status), submit 'Save'; stays open to show 'Saved!'. */
export function UpdateWorkspaceButton({ workspace }: { workspace: Workspace }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setOpened(true)}>
        Update
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Update Workspace">
        <UpdateWorkspaceForm workspace={workspace} onClose={() => setOpened(false)} />
      </FormModal>
    </>
  );
}
