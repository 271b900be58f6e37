import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContentSummary, ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentsResponse } from './get-contents';
import { contentKeys } from './keys';

/** GET /source/{id}/content: the items a source made (or that were created from its content list). */
export function getSourceContents(
  sourceId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ContentSummary>> {
  return api.get(`/source/${encodeURIComponent(sourceId)}/content`, { query, schema: contentsResponse, signal });
}

export function useSourceContents(sourceId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: contentKeys.sourceList(sourceId, query),
    queryFn: ({ signal }) => getSourceContents(sourceId, query, signal),
    placeholderData: keepPreviousData,
  });
}
