import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { projectPaths } from '@/config/paths';
import { useAllDeployments } from '@/lib/api/get-deployments';
import { useCreateDeployment } from '../api/create-deployment';

const STAGING = 'Staging';

/**
 * 'Create Staging deployment' in one click, for a project made before new projects got one (shown
 * while the project has no deployment named Staging); the new deployment opens, to be promoted from.
 */
export function CreateStagingButton({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  const all = useAllDeployments(projectId);
  const create = useCreateDeployment(projectId);
  if (!all.isSuccess || all.data.records.some((deployment) => deployment.display_name === STAGING)) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconPlus size={16} />}
      loading={create.isPending}
      onClick={() => create.mutate({ display_name: STAGING }, { onSuccess: (deployment) => void navigate(projectPaths.deployment.to(projectId, deployment.id)) })}
    >
      Create Staging deployment
    </Button>
  );
}
