import { IconPlus } from '@tabler/icons-react';
import { createProjectBody } from '@console/contracts';
import { CreateNameDescriptionForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { useCreateProject } from '../api/create-project';

function CreateProjectForm({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const mutation = useCreateProject(workspaceId);
  return <CreateNameDescriptionForm schema={createProjectBody} create={mutation.mutateAsync} onClose={onClose} />;
}

/** 'Create Project' in a workspace; the new project appears in the list. */
export function CreateProjectButton({ workspaceId }: { workspaceId: string }) {
  return (
    <FormModalButton label="Create Project" icon={<IconPlus size={16} />}>
      {(close) => <CreateProjectForm workspaceId={workspaceId} onClose={close} />}
    </FormModalButton>
  );
}
