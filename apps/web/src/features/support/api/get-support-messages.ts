import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, supportInboxMessageSchema, type ListResponse, type SupportInboxMessage } from '@console/contracts';
import { api } from '@/lib/api-client';

const messagesResponse = listResponse(supportInboxMessageSchema);

function getSupportMessages(query: Record<string, string | number>, signal?: AbortSignal): Promise<ListResponse<SupportInboxMessage>> {
  return api.get('/support', { query, schema: messagesResponse, signal });
}

/** GET /support (super users): the messages sent to support, newest first. */
export function useSupportMessages(query: Record<string, string | number>) {
  return useQuery({
    queryKey: ['support', 'list', query],
    queryFn: ({ signal }) => getSupportMessages(query, signal),
    placeholderData: keepPreviousData,
  });
}
