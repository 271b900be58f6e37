import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelSchema, createChannelBody, type Channel, type CreateChannelBody } from '@console/contracts';
import { api } from '@/lib/api-client';
import { channelKeys } from './keys';

function createChannel(projectId: string, body: CreateChannelBody): Promise<Channel> {
  return api.post(`/project/${encodeURIComponent(projectId)}/channel`, createChannelBody.parse(body), { schema: channelSchema });
}

export function useCreateChannel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChannelBody) => createChannel(projectId, body),
    onSuccess: (channel) => {
      // The new channel opens next: its page starts from the answer instead of asking again.
      queryClient.setQueryData(channelKeys.detail(channel.id), channel);
      void queryClient.invalidateQueries({ queryKey: channelKeys.lists(projectId) });
    },
  });
}
