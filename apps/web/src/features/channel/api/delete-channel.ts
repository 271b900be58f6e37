import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { realTimeTestKeys } from '@/lib/api/real-time-test-keys';
import { channelKeys } from './keys';

function deleteChannel(id: string): Promise<unknown> {
  return api.delete(`/channel/${encodeURIComponent(id)}`);
}

export function useDeleteChannel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: channelKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: channelKeys.lists(projectId) });
      void queryClient.invalidateQueries({ queryKey: realTimeTestKeys.channelConfig(projectId) });
    },
  });
}
