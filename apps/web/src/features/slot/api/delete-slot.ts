import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { slotKeys } from './keys';

export function deleteSlot(id: string): Promise<unknown> {
  return api.delete(`/slot/${encodeURIComponent(id)}`);
}

export function useDeleteSlot(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlot,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: slotKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: slotKeys.lists(projectId) });
    },
  });
}
