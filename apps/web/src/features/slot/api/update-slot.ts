import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slotBody, slotSchema, type Slot, type SlotBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { slotKeys } from './keys';

export function updateSlot(id: string, body: SlotBody): Promise<Slot> {
  return api.put(`/slot/${encodeURIComponent(id)}`, slotBody.parse(body), { schema: slotSchema });
}

export function useUpdateSlot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlotBody) => updateSlot(id, body),
    onSuccess: (slot) => {
      queryClient.setQueryData(slotKeys.detail(id), slot);
      void queryClient.invalidateQueries({ queryKey: slotKeys.lists(slot.project_id) });
    },
  });
}
