import { useQuery } from '@tanstack/react-query';
import { replayItemDetailSchema } from '@console/contracts';
import { api } from '@/lib/api-client';
import { replayKeys, replayUrl } from './keys';

/** GET /project/{id}/replay/{replayId}/item/{position}: one replayed question with both traces. */
export function useReplayItem(projectId: string, replayId: string, position: number) {
  return useQuery({
    queryKey: replayKeys.item(projectId, replayId, position),
    queryFn: ({ signal }) => api.get(`${replayUrl(projectId, replayId)}/item/${position}`, { schema: replayItemDetailSchema, signal }),
  });
}
