import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDeploymentBody, deploymentSchema, type CreateDeploymentBody, type Deployment } from '@console/contracts';
import { api } from '@/lib/api-client';
import { deploymentKeys, deploymentsUrl } from '@/lib/api/deployment-keys';

function createDeployment(projectId: string, body: CreateDeploymentBody): Promise<Deployment> {
  return api.post(deploymentsUrl(projectId), createDeploymentBody.parse(body), { schema: deploymentSchema });
}

export function useCreateDeployment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeploymentBody) => createDeployment(projectId, body),
    onSuccess: (deployment) => {
      // The new deployment opens next: its page starts from the answer instead of asking again.
      queryClient.setQueryData(deploymentKeys.detail(projectId, deployment.id), deployment);
      void queryClient.invalidateQueries({ queryKey: deploymentKeys.lists(projectId) });
    },
  });
}
