import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deploymentSchema, type Deployment } from '@console/contracts';
import { api } from '@/lib/api-client';
import { deploymentKeys, deploymentUrl } from '@/lib/api/deployment-keys';

/** POST /project/{id}/deployment/{id}/deploy: the deployment answers from the project's newest snapshot. */
function deployDeployment(projectId: string, id: string): Promise<Deployment> {
  return api.post(`${deploymentUrl(projectId, id)}/deploy`, undefined, { schema: deploymentSchema });
}

export function useDeployDeployment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deployDeployment(projectId, id),
    onSuccess: async (deployment) => {
      queryClient.setQueryData(deploymentKeys.detail(projectId, deployment.id), deployment);
      void queryClient.invalidateQueries({ queryKey: deploymentKeys.lists(projectId) });
      // The session carries the chosen deployment's deployed_at.
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
