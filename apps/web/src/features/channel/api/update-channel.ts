import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelSchema, updateChannelBody, type Channel, type UpdateChannelBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { realTimeTestKeys } from '@/lib/api/real-time-test-keys';
import { channelKeys } from './keys';

/** PUT /channel/{id}: the name and the status (active or draft). */
function updateChannel(id: string, body: UpdateChannelBody): Promise<Channel> {
  return api.put(`/channel/${encodeURIComponent(id)}`, updateChannelBody.parse(body), { schema: channelSchema });
}

export function useUpdateChannel(channel: Pick<Channel, 'id' | 'project_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChannelBody) => updateChannel(channel.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(channelKeys.detail(channel.id), updated);
      void queryClient.invalidateQueries({ queryKey: channelKeys.lists(channel.project_id) });
      // The Real-Time Test looks like the project's active web channel: activating one changes it.
      void queryClient.invalidateQueries({ queryKey: realTimeTestKeys.channelConfig(channel.project_id) });
    },
  });
}
