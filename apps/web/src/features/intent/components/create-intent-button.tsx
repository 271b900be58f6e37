import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { intentBody, type Intent } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useCreateIntent } from '../api/create-intent';
import { IntentFields, type IntentValues } from './intent-fields';

function CreateIntentForm({
  projectId,
  onClose,
  onCreated,
}: {
  projectId: string;
  onClose: () => void;
  onCreated: (intent: Intent) => void;
}) {
  const mutation = useCreateIntent(projectId);
  const form = useModalEntityForm({
    schema: intentBody,
    // One empty line to type the first utterance into.
    initialValues: { intent: '', utterances: [''] } as IntentValues,
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: onCreated,
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <IntentFields form={form} />
    </ModalEntityForm>
  );
}

/** 'Create Intent': Name and Utterances; the new intent opens (project-areas §4). */
export function CreateIntentButton({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  return (
    <FormModalButton label="Create Intent" icon={<IconPlus size={16} />}>
      {(close) => (
        <CreateIntentForm
          projectId={projectId}
          onClose={close}
          onCreated={(intent) => navigate(projectPaths.intent.to(projectId, intent.id))}
        />
      )}
    </FormModalButton>
  );
}
