import { Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { scenarioStatuses, type ScenarioStatus } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { statusOptions } from '@/lib/status';
import { scenarioApi } from '../api/scenario-api';

function CreateScenarioForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = scenarioApi.useCreate(projectId);
  const form = useModalEntityForm({
    schema: scenarioApi.contracts.body,
    initialValues: { display_name: '', status: 'draft' as ScenarioStatus },
    onSubmit: (body) => mutation.mutateAsync(body),
    onDone: ({ scenario }) => {
      onClose();
      void navigate(projectPaths.scenario.to(projectId, scenario.id));
    },
  });
  return (
    <ModalEntityForm form={form} submitLabel="Create" onClose={onClose}>
      <TextInput label="Name" autoComplete="off" data-autofocus {...form.textProps('display_name')} />
      <Select label="Status" data={statusOptions(scenarioStatuses)} {...form.selectProps('status')} />
    </ModalEntityForm>
  );
}

/** 'Create Scenario' (Name 3-128, Status): the new scenario opens. */
export function CreateScenarioButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="Create Scenario" icon={<IconPlus size={16} />}>
      {(close) => <CreateScenarioForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
