import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deployHistoryEntrySchema, listResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { deployKeys } from '@/lib/api/deploy';
import { deploymentUrl } from '@/lib/api/deployment-keys';

const historyResponse = listResponse(deployHistoryEntrySchema);

/** GET /project/{id}/deployment/{id}/history: its deploys, rollbacks and promotes. */
export function useDeployHistory(projectId: string, deploymentId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: deployKeys.history(projectId, deploymentId, query),
    queryFn: ({ signal }) => api.get(`${deploymentUrl(projectId, deploymentId)}/history`, { query, schema: historyResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The newest entry alone: the version a rollback returns to is the one it replaced. */
export const LATEST_ENTRY = { limit: 1, sort_field: 'deployed_at', sort_direction: 'descending' } as const;
