import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { intentSchema, listResponse, type Intent, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { intentKeys } from './keys';

const intentsResponse = listResponse(intentSchema);

export function getIntents(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<Intent>> {
  return api.get(`/project/${encodeURIComponent(projectId)}/intent`, { query, schema: intentsResponse, signal });
}

export function useIntents(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: intentKeys.list(projectId, query),
    queryFn: ({ signal }) => getIntents(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
