import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deploymentSchema, rollbackBody, type RollbackBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterDeploy } from '@/lib/api/deploy';
import { deploymentUrl } from '@/lib/api/deployment-keys';

/** POST /project/{id}/deployment/{id}/rollback: back to the version the deployment answered from before. */
export function useRollbackDeployment(projectId: string, deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RollbackBody) => api.post(`${deploymentUrl(projectId, deploymentId)}/rollback`, rollbackBody.parse(body), { schema: deploymentSchema }),
    onSuccess: (deployment) => refreshAfterDeploy(queryClient, projectId, deployment),
  });
}
