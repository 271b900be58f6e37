import { Select } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { editableWorkspaceStatuses, updateWorkspaceBody, type Workspace } from '@console/contracts';
import { ModalEntityForm, NameDescriptionFields, useEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { statusLabel, statusOptions } from '@/lib/status';
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
    <ModalEntityForm form={form} submitLabel="Save" onClose={onClose} closeLabel="Close">
      <NameDescriptionFields form={form} />
      <Select
        label="Status"
        data={statusOptions(editableWorkspaceStatuses)}
        placeholder={editable ? undefined : statusLabel(workspace.status)}
        {...form.selectProps('status')}
      />
    </ModalEntityForm>
  );
}

/** 'Update' -> modal 'Update Workspace' (Name, Description, Status), submit 'Save'; stays open to show 'Saved!'. */
export function UpdateWorkspaceButton({ workspace }: { workspace: Workspace }) {
  return (
    <FormModalButton label="Update" title="Update Workspace" variant="default" icon={<IconPencil size={16} />}>
      {(close) => <UpdateWorkspaceForm workspace={workspace} onClose={close} />}
    </FormModalButton>
  );
}
