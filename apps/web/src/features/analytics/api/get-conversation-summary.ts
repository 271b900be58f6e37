import { useQuery } from '@tanstack/react-query';
import { conversationSummarySchema, type ConversationSummary } from '@console/contracts';
import { api } from '@/lib/api-client';
import { analyticsKeys, conversationUrl } from './keys';

/** GET /project/{id}/conv/{convId}/summary: the counts and times of one conversation; 404 if not the project's. */
function getConversationSummary(projectId: string, convId: string, signal?: AbortSignal): Promise<ConversationSummary> {
  return api.get(`${conversationUrl(projectId, convId)}/summary`, { schema: conversationSummarySchema, signal });
}

export function useConversationSummary(projectId: string, convId: string) {
  return useQuery({
    queryKey: analyticsKeys.conversationSummary(projectId, convId),
    queryFn: ({ signal }) => getConversationSummary(projectId, convId, signal),
  });
}
