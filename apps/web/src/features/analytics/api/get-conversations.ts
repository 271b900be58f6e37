import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { conversationRecordSchema, listResponse, type ConversationRecord, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { analyticsKeys, conversationsUrl } from './keys';

const conversationsResponse = listResponse(conversationRecordSchema);

/** GET /project/{id}/conv: one page of the project's conversations (conversationList). */
function getConversations(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ConversationRecord>> {
  return api.get(conversationsUrl(projectId), { query, schema: conversationsResponse, signal });
}

export function useConversations(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: analyticsKeys.conversations(projectId, query),
    queryFn: ({ signal }) => getConversations(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
