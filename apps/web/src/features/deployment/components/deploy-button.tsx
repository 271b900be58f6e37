import type { ButtonProps } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { deploymentMessages } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import { useDeployDeployment } from '../api/deploy-deployment';
import { useButtonOperation } from '../button-operation';
import { OperationButton } from './operation-button';

interface DeployButtonProps {
  projectId: string | null;
  /** The deployment to deploy; without one the button opens the deployments screen. */
  deployment: { id: string; display_name?: string } | null;
  synced: boolean;
  /** The project's update right (sync and deploy need it). */
  canDeploy: boolean;
  variant?: ButtonProps['variant'];
}

/** Why Deploy cannot be used, or null. */
function deployBlocker({ projectId, synced, canDeploy }: Pick<DeployButtonProps, 'projectId' | 'synced' | 'canDeploy'>): string | null {
  if (!projectId) return 'Choose a project to deploy it.';
  if (!canDeploy) return 'Deploying needs the right to update the project.';
  if (!synced) return deploymentMessages.notSynced;
  return null;
}

/**
 * Deploy: needs a synced project; with a deployment chosen it points that deployment
 * at the newest snapshot, otherwise it opens the deployments screen to choose one.
 */
export function DeployButton({ projectId, deployment, synced, canDeploy, variant }: DeployButtonProps) {
  const navigate = useNavigate();
  const deploy = useDeployDeployment(projectId ?? '');
  const operation = useButtonOperation(() => deploy.mutateAsync(deployment!.id));
  const name = deployment?.display_name;

  return (
    <OperationButton
      operation={operation}
      labels={{ idle: 'Deploy', running: 'Deploying...', done: 'Deployed' }}
      icon={<IconRocket size={16} />}
      variant={variant}
      disabledReason={deployBlocker({ projectId, synced, canDeploy })}
      hint={deployment ? `Deploy the newest sync to ${name ?? 'the chosen deployment'}` : 'Choose a deployment to deploy'}
      onClick={() => {
        if (deployment) void operation.start();
        else if (projectId) void navigate(projectPaths.deployments.to(projectId));
      }}
    />
  );
}
