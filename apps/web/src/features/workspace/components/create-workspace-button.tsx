import { IconPlus } from '@tabler/icons-react';
import { createWorkspaceBody } from '@console/contracts';
import { CreateNameDescriptionForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { useCreateWorkspace } from '../api/create-workspace';

function CreateWorkspaceForm({ onClose }: { onClose: () => void }) {
  const mutation = useCreateWorkspace();
  return <CreateNameDescriptionForm schema={createWorkspaceBody} create={mutation.mutateAsync} onClose={onClose} />;
}

/** 'Create Workspace' (super users); the new workspace appears in the list. */
export function CreateWorkspaceButton() {
  return (
    <FormModalButton label="Create Workspace" icon={<IconPlus size={16} />}>
      {(close) => <CreateWorkspaceForm onClose={close} />}
    </FormModalButton>
  );
}
