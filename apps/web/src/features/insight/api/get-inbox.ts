import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inboxSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { inboxUrl, insightKeys } from './keys';

/** How often the inbox is read again while questions wait to be grouped (the grouping runs in the background). */
export const PENDING_REFRESH_MS = 3000;

/** GET /project/{id}/insight: a page of the window's topics by impact, read again while questions are still being grouped. */
export function useInbox(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: insightKeys.inbox(projectId, query),
    queryFn: ({ signal }) => api.get(inboxUrl(projectId), { query, schema: inboxSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.pending ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });
}
