import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slotBody, slotSchema, type Slot, type SlotBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { slotKeys } from './keys';

export function createSlot(projectId: string, body: SlotBody): Promise<Slot> {
  return api.post(`/project/${encodeURIComponent(projectId)}/slot`, slotBody.parse(body), { schema: slotSchema });
}

export function useCreateSlot(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlotBody) => createSlot(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slotKeys.lists(projectId) }),
  });
}
