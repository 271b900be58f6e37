import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deploymentSchema, promoteBody, type PromoteBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { refreshAfterDeploy } from '@/lib/api/deploy';
import { deploymentUrl } from '@/lib/api/deployment-keys';

/** POST /project/{id}/deployment/{id}/promote: exactly the version another deployment answers from. */
export function usePromoteDeployment(projectId: string, deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoteBody) => api.post(`${deploymentUrl(projectId, deploymentId)}/promote`, promoteBody.parse(body), { schema: deploymentSchema }),
    onSuccess: (deployment) => refreshAfterDeploy(queryClient, projectId, deployment),
  });
}
