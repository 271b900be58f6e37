import { Suspense, lazy, useState } from 'react';
import type { ButtonProps } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { deploymentMessages } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import { useButtonOperation } from '../button-operation';
import { OperationButton } from './operation-button';

interface DeployButtonProps {
  projectId: string | null;
  /** The deployment to deploy; without one the button opens the deployments screen. */
  deployment: { id: string; display_name: string } | null;
  synced: boolean;
  /** The project's update right (sync and deploy need it). */
  canDeploy: boolean;
  /** The text on the button (default 'Deploy'). */
  label?: string;
  variant?: ButtonProps['variant'];
}

/** Why Deploy cannot be used, or null. */
function deployBlocker({ projectId, synced, canDeploy }: Pick<DeployButtonProps, 'projectId' | 'synced' | 'canDeploy'>): string | null {
  if (!projectId) return 'Choose a project to deploy it.';
  if (!canDeploy) return 'Deploying needs the right to update the project.';
  if (!synced) return deploymentMessages.notSynced;
  return null;
}

// The dialog loads with its first opening, not with the header.
const DeployDialog = lazy(() => import('@/components/deploy').then((m) => ({ default: m.DeployDialog })));

/** Nothing to await: the dialog has deployed by the time the button shows it. */
const deployed = () => Promise.resolve();

/**
 * Deploy: needs a synced project; with a deployment chosen it opens the deploy dialog (the
 * version, what goes live, the gate, and a confirmation naming both), otherwise the deployments
 * screen to choose one. Once deployed the button shows 'Deployed' for a moment.
 */
export function DeployButton({ projectId, deployment, synced, canDeploy, label = 'Deploy', variant }: DeployButtonProps) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const operation = useButtonOperation(deployed);

  return (
    <>
      <OperationButton
        operation={operation}
        labels={{ idle: label, running: 'Deploying...', done: 'Deployed' }}
        icon={<IconRocket size={16} />}
        variant={variant}
        disabledReason={deployBlocker({ projectId, synced, canDeploy })}
        hint={deployment ? `Choose a version to deploy to ${deployment.display_name}` : 'Choose a deployment to deploy'}
        onClick={() => {
          if (deployment) {
            setOpened(true);
            setUsed(true);
          }
          else if (projectId) void navigate(projectPaths.deployments.to(projectId));
        }}
      />
      {projectId && deployment && used && (
        <Suspense fallback={null}>
          <DeployDialog
            projectId={projectId}
            deployment={deployment}
            opened={opened}
            onClose={() => setOpened(false)}
            onDeployed={() => void operation.start()}
          />
        </Suspense>
      )}
    </>
  );
}
