import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contentSummarySchema, listResponse, type ContentSummary, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export const contentsResponse = listResponse(contentSummarySchema);

export function getContents(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ContentSummary>> {
  return api.get(`/project/${encodeURIComponent(projectId)}/content`, { query, schema: contentsResponse, signal });
}

export function useContents(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: contentKeys.list(projectId, query),
    queryFn: ({ signal }) => getContents(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
