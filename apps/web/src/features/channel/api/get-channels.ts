import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { channelSummarySchema, listResponse, type ChannelSummary, type ListResponse } from '@console/contracts';
import { api } from '@/lib/api-client';
import { channelKeys } from './keys';

const channelsResponse = listResponse(channelSummarySchema);

function getChannels(
  projectId: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<ListResponse<ChannelSummary>> {
  return api.get(`/project/${encodeURIComponent(projectId)}/channel`, { query, schema: channelsResponse, signal });
}

export function useChannels(projectId: string, query: Record<string, string | number>) {
  return useQuery({
    queryKey: channelKeys.list(projectId, query),
    queryFn: ({ signal }) => getChannels(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
