import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deploymentSchema, listResponse, type Deployment, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { deploymentKeys, deploymentsUrl } from './deployment-keys';

const deploymentsResponse = listResponse(deploymentSchema);

function getDeployments(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<Deployment>> {
  return api.get(deploymentsUrl(projectId), { query, schema: deploymentsResponse, signal });
}

export function useDeployments(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: deploymentKeys.list(projectId, query),
    queryFn: ({ signal }) => getDeployments(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
