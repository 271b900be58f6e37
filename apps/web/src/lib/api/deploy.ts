import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deployBody, deploymentSchema, deployPreviewSchema, type DeployBody, type Deployment } from '@console/contracts';
import { api } from '@/lib/api-client';
import { deploymentKeys, deploymentUrl } from './deployment-keys';
import { syncStatusKeys } from './sync-status';
import { versionKeys } from './version';

/** What a deployment is about to answer from: a version, or the version another deployment answers from (a promote). */
export type DeploySource = { version: number } | { from_deployment_id: string };

/** Keys below deploymentKeys.all, so whatever refreshes the deployments refreshes these too. */
export const deployKeys = {
  history: (projectId: string, deploymentId: string, query: Record<string, string | number>) =>
    ['deployment', 'history', projectId, deploymentId, query] as const,
  preview: (projectId: string, deploymentId: string, source: DeploySource | null) =>
    ['deployment', 'preview', projectId, deploymentId, source] as const,
};

/**
 * After a deploy, a rollback or a promote: the deployment as answered, and everything that names
 * what a deployment answers from (lists, histories, previews, the versions' deployments, the header's
 * Production); awaited until the session (the chosen deployment's deployed_at) is fresh.
 */
export async function refreshAfterDeploy(queryClient: QueryClient, projectId: string, deployment: Deployment): Promise<void> {
  queryClient.setQueryData(deploymentKeys.detail(projectId, deployment.id), deployment);
  void queryClient.invalidateQueries({
    queryKey: deploymentKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[3] !== deployment.id,
  });
  void queryClient.invalidateQueries({ queryKey: versionKeys.all });
  void queryClient.invalidateQueries({ queryKey: syncStatusKeys.detail(projectId) });
  await queryClient.invalidateQueries({ queryKey: ['session'] });
}

/** GET /project/{id}/deployment/{id}/preview: the version about to go live, its tests, its replay and the gate. */
export function useDeployPreview(projectId: string, deploymentId: string, source: DeploySource | null) {
  return useQuery({
    queryKey: deployKeys.preview(projectId, deploymentId, source),
    queryFn: ({ signal }) =>
      api.get(`${deploymentUrl(projectId, deploymentId)}/preview`, { query: source ?? undefined, schema: deployPreviewSchema, signal }),
    enabled: source !== null && deploymentId !== '',
  });
}

/** POST /project/{id}/deployment/{id}/deploy: a version (default the newest), a reason, a project admin's override of the gate. */
export function useDeploy(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deploymentId, body }: { deploymentId: string; body: DeployBody }) =>
      api.post(`${deploymentUrl(projectId, deploymentId)}/deploy`, deployBody.parse(body), { schema: deploymentSchema }),
    onSuccess: (deployment) => refreshAfterDeploy(queryClient, projectId, deployment),
  });
}
