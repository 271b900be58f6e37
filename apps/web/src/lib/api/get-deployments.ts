import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deploymentSchema, listResponse, MAX_PAGE_SIZE, type Deployment, type ListResponse } from '@console/contracts';
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

/** Every deployment of the project by name (a project has a handful), for a choice of one. */
export function useAllDeployments(projectId: string) {
  return useDeployments(projectId, { limit: MAX_PAGE_SIZE, sort_field: 'display_name', sort_direction: 'ascending' });
}
