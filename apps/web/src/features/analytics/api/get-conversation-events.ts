import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { eventRecordSchema, listResponse, type EventRecord, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { analyticsKeys, conversationUrl } from './keys';

export const eventsResponse = listResponse(eventRecordSchema);

/** GET /project/{id}/conv/{convId}: one page of a conversation's events (conversationEventList), in the order they happened. */
function getConversationEvents(
  projectId: string,
  convId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<EventRecord>> {
  return api.get(conversationUrl(projectId, convId), { query, schema: eventsResponse, signal });
}

export function useConversationEvents(projectId: string, convId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: analyticsKeys.conversationEvents(projectId, convId, query),
    queryFn: ({ signal }) => getConversationEvents(projectId, convId, query, signal),
    placeholderData: keepPreviousData,
  });
}
