import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventRecord, ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { eventsResponse } from './get-conversation-events';
import { analyticsKeys, queryLogUrl } from './keys';

/** GET /project/{id}/query: one page of the project's query log (queryList), newest first by default. */
function getQueryLog(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<EventRecord>> {
  return api.get(queryLogUrl(projectId), { query, schema: eventsResponse, signal });
}

export function useQueryLog(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: analyticsKeys.queryLog(projectId, query),
    queryFn: ({ signal }) => getQueryLog(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
