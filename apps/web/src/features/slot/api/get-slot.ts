import { useQuery } from '@tanstack/react-query';
import { slotSchema, type Slot } from '@console/contracts';
import { api } from '@/lib/api-client';
import { slotKeys } from './keys';

export function getSlot(id: string, signal?: AbortSignal): Promise<Slot> {
  return api.get(`/slot/${encodeURIComponent(id)}`, { schema: slotSchema, signal });
}

export function useSlot(id: string) {
  return useQuery({
    queryKey: slotKeys.detail(id),
    queryFn: ({ signal }) => getSlot(id, signal),
    enabled: Boolean(id),
  });
}
