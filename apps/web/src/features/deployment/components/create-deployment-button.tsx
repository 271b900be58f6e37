import { TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { createDeploymentBody } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useCreateDeployment } from '../api/create-deployment';

function CreateDeploymentForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useCreateDeployment(projectId);
  const form = useModalEntityForm({
    schema: createDeploymentBody,
    initialValues: { display_name: '' },
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: (deployment) => {
      onClose();
      void navigate(projectPaths.deployment.to(projectId, deployment.id));
    },
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
    </ModalEntityForm>
  );
}

/** 'Create Deployment' (Name 3-128); the new deployment opens, where its allowed origins are set. */
export function CreateDeploymentButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Create Deployment" icon={<IconPlus size={16} />}>
      {(close) => <CreateDeploymentForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
