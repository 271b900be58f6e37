import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contentActionSchema, listResponse, type ContentAction, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

const actionsResponse = listResponse(contentActionSchema);

export function getContentActions(
  contentId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ContentAction>> {
  return api.get(`/content/${encodeURIComponent(contentId)}/action`, { query, schema: actionsResponse, signal });
}

export function useContentActions(contentId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: contentKeys.actionList(contentId, query),
    queryFn: ({ signal }) => getContentActions(contentId, query, signal),
    placeholderData: keepPreviousData,
  });
}
