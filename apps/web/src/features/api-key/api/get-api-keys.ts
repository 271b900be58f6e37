import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiKeySchema, listResponse, type ApiKey, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

const apiKeysResponse = listResponse(apiKeySchema);

export function getApiKeys(
  workspaceId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ApiKey>> {
  return api.get(`/workspace/${encodeURIComponent(workspaceId)}/api-key`, { query, schema: apiKeysResponse, signal });
}

export function useApiKeys(workspaceId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: apiKeyKeys.list(workspaceId, query),
    queryFn: ({ signal }) => getApiKeys(workspaceId, query, signal),
    placeholderData: keepPreviousData,
  });
}
