import { Suspense, lazy, useState } from 'react';
import { ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import type { Deployment } from '@console/contracts';
import { AppModal } from '@/components/app-modal';
import { DeployConfirmForm, DeployPreviewView, DialogLoader } from '@/components/deploy';
import { ErrorView } from '@/components/error-view';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useDeployPreview } from '@/lib/api/deploy';
import { useAllDeployments } from '@/lib/api/get-deployments';
import { useVersionDiff } from '@/lib/api/version';
import { usePromoteDeployment } from '../api/promote-deployment';
import { ReasonedButton } from './reasoned-button';

// The diff view (with its text diff) loads with a promote, not with the deployment's page.
const VersionDiffView = lazy(() => import('@/components/version-diff').then((m) => ({ default: m.VersionDiffView })));

/** What the target answers now against what it will answer: the version diff, or why there is none. */
function PromoteChanges({ target, source }: { target: Deployment; source: Deployment & { version: number } }) {
  const comparable = target.version !== null && target.version !== source.version;
  const diff = useVersionDiff(target.project_id, comparable ? source.version : null, target.version);
  if (target.version === null) return <Text size="sm">{target.display_name} answers from no version yet: everything in version {source.version} is new to it.</Text>;
  if (!comparable) return <Text size="sm">{target.display_name} answers from version {source.version} already: nothing changes.</Text>;
  if (diff.isPending) return <DialogLoader label="Loading the changes" />;
  if (diff.isError) return <ErrorView error={diff.error} title="The changes could not be loaded" />;
  return (
    <ScrollArea.Autosize mah="40vh" type="auto">
      <Suspense fallback={<DialogLoader label="Loading the changes" />}>
        <VersionDiffView diff={diff.data} />
      </Suspense>
    </ScrollArea.Autosize>
  );
}

function PromoteForm({ target, sources, onClose }: { target: Deployment; sources: (Deployment & { version: number })[]; onClose: () => void }) {
  const projectId = target.project_id;
  const { permissions } = useProjectAccess(projectId);
  const promote = usePromoteDeployment(projectId, target.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const source = sources.find((deployment) => deployment.id === chosen) ?? sources.find((deployment) => deployment.display_name === 'Staging') ?? sources[0]!;
  const preview = useDeployPreview(projectId, target.id, { from_deployment_id: source.id });

  return (
    <Stack gap="md">
      <Select
        label="Promote from"
        data={sources.map((deployment) => ({ value: deployment.id, label: `${deployment.display_name} (version ${deployment.version})` }))}
        value={source.id}
        onChange={(value) => value && setChosen(value)}
        allowDeselect={false}
      />
      <Stack gap="xs" component="section" aria-label="Changes for visitors">
        <Title order={3} size="h5">
          What changes for visitors of {target.display_name}
        </Title>
        <PromoteChanges target={target} source={source} />
      </Stack>
      {preview.isPending && <DialogLoader label="Loading what goes live" />}
      {preview.isError && <ErrorView error={preview.error} title="What goes live could not be loaded" />}
      {preview.data && <DeployPreviewView projectId={projectId} deploymentName={target.display_name} preview={preview.data} />}
      <DeployConfirmForm
        key={source.id}
        gate={preview.data?.gate ?? null}
        canOverride={permissions.canOverrideDeployGate}
        confirmLabel={`Promote version ${source.version} from ${source.display_name} to ${target.display_name}`}
        onCancel={onClose}
        onConfirm={async (reasons) => {
          await promote.mutateAsync({ from_deployment_id: source.id, ...reasons });
          onClose();
        }}
      />
    </Stack>
  );
}

/**
 * Promote…: this deployment answers from exactly the version another answers from, after showing
 * the diff between what it answers now and what it will, that version's tests, replay and gate.
 */
export function PromoteButton({ deployment }: { deployment: Deployment }) {
  const all = useAllDeployments(deployment.project_id);
  const [opened, setOpened] = useState(false);
  const sources = (all.data?.records ?? []).filter(
    (other): other is Deployment & { version: number } => other.id !== deployment.id && other.version !== null,
  );
  const disabledReason = all.isPending ? 'Reading the deployments.' : sources.length === 0 ? 'No other deployment answers from a version to promote.' : null;

  return (
    <>
      <ReasonedButton variant="default" leftSection={<IconArrowUpRight size={16} />} disabledReason={disabledReason} onClick={() => setOpened(true)}>
        Promote…
      </ReasonedButton>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={`Promote to ${deployment.display_name}`} size="xl" centered>
        {opened && sources.length > 0 && <PromoteForm target={deployment} sources={sources} onClose={() => setOpened(false)} />}
      </AppModal>
    </>
  );
}
