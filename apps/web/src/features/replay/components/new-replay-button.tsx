import { Center, Loader, NumberInput, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { REPLAY_MAX_QUESTIONS, replayBody } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';
import { ErrorView } from '@/components/error-view';
import { FormModalButton } from '@/components/form-modal-button';
import { projectPaths } from '@/config/paths';
import { useAllDeployments } from '@/lib/api/get-deployments';
import { useStartReplay } from '@/lib/api/start-replay';
import { NEWEST_VERSIONS, useVersions } from '@/lib/api/version';
import { versionChoices } from '@/lib/version-choices';
import { newReplayInput, newReplayValues, type NewReplayValues } from '../new-replay-form';

function NewReplayFields({ projectId, initialValues, deployments, versions, onClose }: {
  projectId: string;
  initialValues: NewReplayValues;
  deployments: { value: string; label: string }[];
  versions: { value: string; label: string }[];
  onClose: () => void;
}) {
  const start = useStartReplay(projectId);
  const navigate = useNavigate();
  const form = useModalEntityForm({
    schema: replayBody,
    initialValues,
    toInput: newReplayInput,
    // The defaults are a replay worth starting as they are.
    requireChange: false,
    onSubmit: (body) => start.mutateAsync(body),
    onDone: (replay) => void navigate(projectPaths.replay.to(projectId, replay.id)),
  });
  return (
    <ModalEntityForm form={form} submitLabel="Start replay" onClose={onClose}>
      <Select label="Deployment" description="Whose visitors' questions are replayed, against the version it answers from now" data={deployments} {...form.selectProps('deployment_id')} />
      <Select label="Candidate version" description="The version the questions are also answered by" data={versions} {...form.selectProps('version')} />
      <TextInput type="datetime-local" label="From" {...form.textProps('from')} />
      <TextInput type="datetime-local" label="To" description="Empty: up to the moment the replay starts" {...form.textProps('to')} />
      <NumberInput
        label="Limit"
        description={`The most asked distinct questions replayed, at most ${REPLAY_MAX_QUESTIONS.toLocaleString('en-US')}`}
        min={1}
        max={REPLAY_MAX_QUESTIONS}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={form.values.limit}
        onChange={(value) => form.setField('limit', value)}
        error={form.errors.limit}
      />
    </ModalEntityForm>
  );
}

/** The form once the choices are read: Production (else the first deployment) and the newest version first chosen. */
function NewReplayForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const deployments = useAllDeployments(projectId);
  const versions = useVersions(projectId, NEWEST_VERSIONS);
  if (deployments.isPending || versions.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading deployments and versions" />
      </Center>
    );
  }
  if (deployments.isError) return <ErrorView error={deployments.error} title="The deployments could not be loaded" />;
  if (versions.isError) return <ErrorView error={versions.error} title="The versions could not be loaded" />;
  const records = deployments.data.records;
  const deployment = records.find((record) => record.display_name === 'Production') ?? records[0];
  const choices = versionChoices(versions.data.records);
  return (
    <NewReplayFields
      projectId={projectId}
      initialValues={newReplayValues(deployment?.id ?? '', choices[0]?.value ?? '', new Date())}
      deployments={records.map((record) => ({ value: record.id, label: record.display_name }))}
      versions={choices}
      onClose={onClose}
    />
  );
}

/** 'New replay': a deployment's recent questions replayed against a candidate version, in the background; opens the replay. */
export function NewReplayButton({ projectId }: { projectId: string }) {
  return (
    <FormModalButton label="New replay" title="New Replay" icon={<IconPlus size={16} />}>
      {(close) => <NewReplayForm projectId={projectId} onClose={close} />}
    </FormModalButton>
  );
}
