import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { replayGroupLabels, replayGroups, type DeployPreview } from '@console/contracts';
import { DetailList } from '@/components/detail-list';
import { projectPaths } from '@/config/paths';
import { formatVersionCounts } from '@/lib/version-counts';

/** 'version 7', or what a deployment answering from nothing is. */
export const versionName = (version: number | null) => (version === null ? 'no version yet' : `version ${version}`);

function TestRunLine({ projectId, run }: { projectId: string; run: DeployPreview['test_run'] }) {
  if (!run) return <Text size="sm">No test run</Text>;
  const link = (
    <Anchor component={Link} to={projectPaths.testRun.to(projectId, run.id)} size="sm">
      See the run
    </Anchor>
  );
  if (run.finished_at === null) {
    return (
      <Text size="sm">
        Running: {run.passed + run.failed} of {run.total} cases answered. {link}
      </Text>
    );
  }
  return (
    <Text size="sm">
      {run.passed} passed, {run.failed} failed of {run.total}. {link}
    </Text>
  );
}

function ReplayLine({ projectId, replay }: { projectId: string; replay: DeployPreview['replay'] }) {
  if (!replay) return <Text size="sm">No replay of this version against what the deployment answers now</Text>;
  const link = (
    <Anchor component={Link} to={projectPaths.replay.to(projectId, replay.id)} size="sm">
      See the replay
    </Anchor>
  );
  const { summary } = replay;
  if (!summary) {
    return (
      <Text size="sm">
        Against version {replay.base_version}: still running. {link}
      </Text>
    );
  }
  const groups = replayGroups.map((group) => `${summary.groups[group] ?? 0} ${replayGroupLabels[group].toLowerCase()}`).join(', ');
  return (
    <Text size="sm">
      {summary.total} questions against version {replay.base_version}: {groups}. {link}
    </Text>
  );
}

function GateLine({ gate }: { gate: DeployPreview['gate'] }) {
  if (!gate.required) return <Text size="sm">Not required by this deployment</Text>;
  if (gate.passes) return <Text size="sm">Required, and this version passes</Text>;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" role="alert" title="Require passing tests">
      <Text size="sm">{gate.message}</Text>
    </Alert>
  );
}

/**
 * What Deploy and Promote show before their confirmation: '{deployment}: version 7 → version 9', what
 * the version holds, its latest test run, its latest replay against what the deployment answers now,
 * and whether "Require passing tests" lets it through.
 */
export function DeployPreviewView({ projectId, deploymentName, preview }: { projectId: string; deploymentName: string; preview: DeployPreview }) {
  const same = preview.current_version === preview.version;
  return (
    <Stack gap="xs" component="section" aria-label="Deploy preview">
      <Text fw={500}>
        {deploymentName}: {versionName(preview.current_version)} → version {preview.version}
        {same ? ' (it answers from this version already)' : ''}
      </Text>
      <DetailList
        items={[
          ...(preview.version_note ? [{ label: 'Note', value: preview.version_note }] : []),
          { label: 'Holds', value: formatVersionCounts(preview.counts) },
          { label: 'Tests', value: <TestRunLine projectId={projectId} run={preview.test_run} /> },
          { label: 'Replay', value: <ReplayLine projectId={projectId} replay={preview.replay} /> },
          { label: 'Passing tests', value: <GateLine gate={preview.gate} /> },
        ]}
      />
    </Stack>
  );
}
