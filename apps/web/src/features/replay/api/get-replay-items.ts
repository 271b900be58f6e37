import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResponse, replayItemSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { replayKeys, replayUrl } from './keys';

const itemsResponse = listResponse(replayItemSchema);

/** GET /project/{id}/replay/{replayId}/item: a page of the replayed questions, most asked first unless sorted otherwise. */
export function useReplayItems(projectId: string, replayId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: replayKeys.items(projectId, replayId, query),
    queryFn: ({ signal }) => api.get(`${replayUrl(projectId, replayId)}/item`, { query, schema: itemsResponse, signal }),
    placeholderData: keepPreviousData,
  });
}
