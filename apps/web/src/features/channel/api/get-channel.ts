import { useQuery } from '@tanstack/react-query';
import { channelSchema, type Channel } from '@console/contracts';
import { api } from '@/lib/api-client';
import { channelKeys } from './keys';

function getChannel(id: string, signal?: AbortSignal): Promise<Channel> {
  return api.get(`/channel/${encodeURIComponent(id)}`, { schema: channelSchema, signal });
}

export function useChannel(id: string | undefined) {
  return useQuery({
    queryKey: channelKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getChannel(id!, signal),
    enabled: Boolean(id),
  });
}
