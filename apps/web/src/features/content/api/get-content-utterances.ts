import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contentUtteranceSchema, listResponse, type ContentUtterance, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

const utterancesResponse = listResponse(contentUtteranceSchema);

export function getContentUtterances(
  contentId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ContentUtterance>> {
  return api.get(`/content/${encodeURIComponent(contentId)}/utterance`, { query, schema: utterancesResponse, signal });
}

export function useContentUtterances(contentId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: contentKeys.utteranceList(contentId, query),
    queryFn: ({ signal }) => getContentUtterances(contentId, query, signal),
    placeholderData: keepPreviousData,
  });
}
