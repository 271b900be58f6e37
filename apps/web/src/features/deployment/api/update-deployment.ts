import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deploymentSchema, updateDeploymentBody, type Deployment, type UpdateDeploymentBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { deploymentKeys, deploymentUrl } from '@/lib/api/deployment-keys';

/** PUT /project/{id}/deployment/{id}: the display name and the allowed origins. */
function updateDeployment(projectId: string, id: string, body: UpdateDeploymentBody): Promise<Deployment> {
  return api.put(deploymentUrl(projectId, id), updateDeploymentBody.parse(body), { schema: deploymentSchema });
}

export function useUpdateDeployment(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDeploymentBody) => updateDeployment(projectId, id, body),
    onSuccess: (deployment) => {
      queryClient.setQueryData(deploymentKeys.detail(projectId, id), deployment);
      void queryClient.invalidateQueries({ queryKey: deploymentKeys.lists(projectId) });
    },
  });
}
