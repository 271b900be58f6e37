import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconChecklist, IconPlayerPlay, IconRocket } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { AppModal } from '@/components/app-modal';
import { DeployDialog } from '@/components/deploy';
import { FormError } from '@/components/entity-form';
import { projectPaths } from '@/config/paths';
import { useAllDeployments } from '@/lib/api/get-deployments';
import { useStartReplay } from '@/lib/api/start-replay';
import { useStartTestRun } from '@/lib/api/start-test-run';


/** Chooses the deployment whose visitors' questions are replayed against the version, then opens the replay. */
function ReplayForm({ projectId, version, onClose }: { projectId: string; version: number; onClose: () => void }) {
  const navigate = useNavigate();
  const deployments = useAllDeployments(projectId);
  const start = useStartReplay(projectId);
  const deployed = (deployments.data?.records ?? []).filter((deployment) => deployment.version !== null);
  const [chosen, setChosen] = useState<string | null>(null);
  const deploymentId = chosen ?? deployed.find((deployment) => deployment.display_name === 'Production')?.id ?? deployed[0]?.id ?? null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!deploymentId) return;
        start.mutate(
          { deployment_id: deploymentId, version },
          { onSuccess: (replay) => void navigate(projectPaths.replay.to(projectId, replay.id)) },
        );
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          The questions visitors asked the deployment over the last 7 days, answered by what it answers from now and by version {version}.
        </Text>
        {deployments.isSuccess && deployed.length === 0 ? (
          <Text size="sm">No deployment answers from a version yet: deploy one first.</Text>
        ) : (
          <Select
            label="Deployment"
            data={deployed.map((deployment) => ({ value: deployment.id, label: `${deployment.display_name} (version ${deployment.version})` }))}
            value={deploymentId}
            onChange={(value) => value && setChosen(value)}
            allowDeselect={false}
            disabled={deployments.isPending}
          />
        )}
        <FormError error={start.error ?? deployments.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!deploymentId} loading={start.isPending}>
            Replay against version {version}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A version's actions, for those who may update the project: Deploy this version…, Run tests, Replay traffic…. */
export function VersionActions({ projectId, version }: { projectId: string; version: number }) {
  const navigate = useNavigate();
  const runTests = useStartTestRun(projectId);
  const [deploying, setDeploying] = useState(false);
  const [replaying, setReplaying] = useState(false);

  return (
    <Stack gap={4} align="flex-end">
      <Group gap="sm">
        <Button leftSection={<IconRocket size={16} />} onClick={() => setDeploying(true)}>
          Deploy this version…
        </Button>
        <Button
          variant="default"
          leftSection={<IconChecklist size={16} />}
          loading={runTests.isPending}
          onClick={() => runTests.mutate(version, { onSuccess: (run) => void navigate(projectPaths.testRun.to(projectId, run.id)) })}
        >
          Run tests
        </Button>
        <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={() => setReplaying(true)}>
          Replay traffic…
        </Button>
      </Group>
      <FormError error={runTests.error} />
      <DeployDialog projectId={projectId} opened={deploying} onClose={() => setDeploying(false)} version={version} />
      <AppModal opened={replaying} onClose={() => setReplaying(false)} title={`Replay traffic against version ${version}`} centered>
        {replaying && <ReplayForm projectId={projectId} version={version} onClose={() => setReplaying(false)} />}
      </AppModal>
    </Stack>
  );
}
