import { useState } from 'react';
import { Center, Loader, Select, Stack, Text } from '@mantine/core';
import { deploymentMessages, type Deployment } from '@console/contracts';
import { AppModal } from '@/components/app-modal';
import { ErrorView } from '@/components/error-view';
import { useProjectAccess } from '@/hooks/use-project-access';
import { useDeploy, useDeployPreview } from '@/lib/api/deploy';
import { useAllDeployments } from '@/lib/api/get-deployments';
import { NEWEST_VERSIONS, useVersions } from '@/lib/api/version';
import { versionChoices } from '@/lib/version-choices';
import { DeployConfirmForm } from './deploy-confirm-form';
import { DeployPreviewView } from './deploy-preview';


/** A loader that fits a dialog. */
export function DialogLoader({ label }: { label: string }) {
  return (
    <Center py="md" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}

interface DeployDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** The deployment to deploy; without it the dialog offers the project's deployments (Production first chosen). */
  deployment?: Pick<Deployment, 'id' | 'display_name'>;
  /** The version first chosen (default the newest). */
  version?: number;
  onDeployed?: (deployment: Deployment) => void;
}

function DeployDialogBody({ projectId, onClose, deployment, version, onDeployed }: Omit<DeployDialogProps, 'opened'>) {
  const { permissions } = useProjectAccess(projectId);
  const deployments = useAllDeployments(projectId);
  const versions = useVersions(projectId, NEWEST_VERSIONS);
  const deploy = useDeploy(projectId);
  const [chosenDeployment, setChosenDeployment] = useState<string | null>(deployment?.id ?? null);
  const [chosenVersion, setChosenVersion] = useState<number | null>(version ?? null);

  const records = deployments.data?.records ?? [];
  const targetId = chosenDeployment ?? (records.find((record) => record.display_name === 'Production') ?? records[0])?.id ?? null;
  const target = deployment ?? records.find((record) => record.id === targetId) ?? null;
  const newest = versions.data?.records[0]?.number ?? null;
  const number = chosenVersion ?? newest;
  const preview = useDeployPreview(projectId, target?.id ?? '', number === null ? null : { version: number });

  if (versions.isPending || (!deployment && deployments.isPending)) return <DialogLoader label="Loading versions" />;
  if (versions.isError) return <ErrorView error={versions.error} title="The versions could not be loaded" />;
  if (!deployment && deployments.isError) return <ErrorView error={deployments.error} title="The deployments could not be loaded" />;
  if (number === null) return <Text size="sm">{deploymentMessages.notSynced}</Text>;

  const versionOptions = versionChoices(versions.data.records);
  if (!versionOptions.some((option) => option.value === String(number))) versionOptions.push({ value: String(number), label: `Version ${number}` });

  return (
    <Stack gap="md">
      {!deployment && (
        <Select
          label="Deployment"
          data={records.map((record) => ({ value: record.id, label: record.display_name }))}
          value={targetId}
          onChange={(value) => value && setChosenDeployment(value)}
          allowDeselect={false}
        />
      )}
      <Select
        label="Version"
        data={versionOptions}
        value={String(number)}
        onChange={(value) => value && setChosenVersion(Number(value))}
        allowDeselect={false}
        searchable
      />
      {target && preview.isPending && <DialogLoader label="Loading what goes live" />}
      {preview.isError && <ErrorView error={preview.error} title="What goes live could not be loaded" />}
      {target && preview.data && <DeployPreviewView projectId={projectId} deploymentName={target.display_name} preview={preview.data} />}
      {target && (
        <DeployConfirmForm
          // A new choice starts the reasons afresh, since the gate may differ.
          key={`${target.id}:${number}`}
          gate={preview.data?.gate ?? null}
          canOverride={permissions.canOverrideDeployGate}
          confirmLabel={`Deploy version ${number} to ${target.display_name}`}
          onCancel={onClose}
          onConfirm={async (reasons) => {
            const deployed = await deploy.mutateAsync({ deploymentId: target.id, body: { version: number, ...reasons } });
            onClose();
            onDeployed?.(deployed);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Deploy with a confirmation: the deployment (fixed, or chosen) and the version (default the
 * newest), what goes live with its tests, replay and gate, a reason, and the confirm button naming
 * both. Shared by the header's Deploy, a deployment's page and a version's page.
 */
export function DeployDialog({ opened, ...props }: DeployDialogProps) {
  return (
    <AppModal opened={opened} onClose={props.onClose} title={props.deployment ? `Deploy to ${props.deployment.display_name}` : 'Deploy'} size="lg" centered>
      {opened && <DeployDialogBody {...props} />}
    </AppModal>
  );
}
