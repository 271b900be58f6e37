import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { slotSchema, listResponse, type Slot, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { slotKeys } from './keys';

const slotsResponse = listResponse(slotSchema);

export function getSlots(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<Slot>> {
  return api.get(`/project/${encodeURIComponent(projectId)}/slot`, { query, schema: slotsResponse, signal });
}

export function useSlots(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: slotKeys.list(projectId, query),
    queryFn: ({ signal }) => getSlots(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
