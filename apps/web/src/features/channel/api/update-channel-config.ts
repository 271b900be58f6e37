import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelSchema, updateChannelConfigBody, type Channel, type UpdateChannelConfigBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { realTimeTestKeys } from '@/lib/api/real-time-test-keys';
import { channelKeys } from './keys';

/** PUT /channel/{id}/config: a web channel's widget configuration (other types answer 'not yet implemented'). */
function updateChannelConfig(id: string, body: UpdateChannelConfigBody): Promise<Channel> {
  return api.put(`/channel/${encodeURIComponent(id)}/config`, updateChannelConfigBody.parse(body), { schema: channelSchema });
}

export function useUpdateChannelConfig(channel: Pick<Channel, 'id' | 'project_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChannelConfigBody) => updateChannelConfig(channel.id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(channelKeys.detail(channel.id), updated);
      void queryClient.invalidateQueries({ queryKey: channelKeys.lists(channel.project_id) });
      void queryClient.invalidateQueries({ queryKey: realTimeTestKeys.channelConfig(channel.project_id) });
    },
  });
}
