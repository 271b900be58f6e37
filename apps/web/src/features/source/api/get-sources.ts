import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, sourceSummarySchema, type ListResponse, type SourceSummary } from '@console/contracts';
import { api } from '@/lib/api-client';
import { sourceKeys } from './keys';

const sourcesResponse = listResponse(sourceSummarySchema);

function getSources(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<SourceSummary>> {
  return api.get(`/project/${encodeURIComponent(projectId)}/source`, { query, schema: sourcesResponse, signal });
}

export function useSources(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: sourceKeys.list(projectId, query),
    queryFn: ({ signal }) => getSources(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
