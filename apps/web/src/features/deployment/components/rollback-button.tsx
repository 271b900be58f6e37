import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { deploymentMessages, type Deployment } from '@console/contracts';
import { AppModal } from '@/components/app-modal';
import { ReasonInput, versionName } from '@/components/deploy';
import { FormError } from '@/components/entity-form';
import { LATEST_ENTRY, useDeployHistory } from '../api/get-deploy-history';
import { useRollbackDeployment } from '../api/rollback-deployment';
import { ReasonedButton } from './reasoned-button';

/** The question a rollback asks: 'Roll back Production from version 9 to version 7?' */
export const rollbackQuestion = (name: string, current: number | null, earlier: number) =>
  `Roll back ${name} from ${versionName(current)} to version ${earlier}?`;

function RollbackForm({ deployment, earlier, onClose }: { deployment: Deployment; earlier: number; onClose: () => void }) {
  const rollback = useRollbackDeployment(deployment.project_id, deployment.id);
  const [reason, setReason] = useState('');

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!rollback.isPending) rollback.mutate({ reason: reason.trim() }, { onSuccess: onClose });
  }

  return (
    <form onSubmit={confirm} noValidate>
      <Stack gap="sm">
        <Text size="sm">{rollbackQuestion(deployment.display_name, deployment.version, earlier)}</Text>
        <Text size="sm" c="dimmed">
          Visitors get version {earlier}&apos;s answers at once; the content being edited is untouched.
        </Text>
        <ReasonInput value={reason} onChange={setReason} />
        <FormError error={rollback.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={rollback.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={rollback.isPending}>
            Roll back to version {earlier}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Rollback: back to the version the deployment answered from before its latest deploy, after a
 * confirmation naming both versions; disabled, saying why, when there is no earlier version.
 */
export function RollbackButton({ deployment }: { deployment: Deployment }) {
  const latest = useDeployHistory(deployment.project_id, deployment.id, LATEST_ENTRY);
  const [opened, setOpened] = useState(false);
  const earlier = latest.data?.records[0]?.previous_version ?? null;
  const disabledReason = latest.isPending
    ? 'Reading the deploy history.'
    : latest.isError
      ? 'The deploy history could not be read.'
      : earlier === null
        ? deploymentMessages.noEarlierVersion
        : null;

  return (
    <>
      <ReasonedButton variant="default" leftSection={<IconArrowBackUp size={16} />} disabledReason={disabledReason} onClick={() => setOpened(true)}>
        Rollback
      </ReasonedButton>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={`Roll back ${deployment.display_name}`} centered>
        {opened && earlier !== null && <RollbackForm deployment={deployment} earlier={earlier} onClose={() => setOpened(false)} />}
      </AppModal>
    </>
  );
}
