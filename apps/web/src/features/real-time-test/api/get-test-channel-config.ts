import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_WEB_CHANNEL_CONFIG,
  channelSchema,
  channelSummarySchema,
  listResponse,
  webChannelConfigSchema,
  type WebChannelConfig,
} from '@console/contracts';
import { api } from '@/lib/api-client';
import { realTimeTestKeys } from '@/lib/api/real-time-test-keys';

const channelsResponse = listResponse(channelSummarySchema);

/**
 * The look of the Real-Time Test: the configuration of the project's first active web channel
 * (GET /project/{id}/channel filtered, then GET /channel/{id} for its config), or the widget's
 * defaults when the project has none.
 */
async function getTestChannelConfig(projectId: string, signal?: AbortSignal): Promise<WebChannelConfig> {
  const channels = await api.get(`/project/${encodeURIComponent(projectId)}/channel`, {
    query: { type__eq: 'web', status__eq: 'active', limit: 1 },
    schema: channelsResponse,
    signal,
  });
  const first = channels.records[0];
  if (!first) return DEFAULT_WEB_CHANNEL_CONFIG;
  const channel = await api.get(`/channel/${encodeURIComponent(first.id)}`, { schema: channelSchema, signal });
  const config = webChannelConfigSchema.safeParse(channel.config);
  return config.success ? config.data : DEFAULT_WEB_CHANNEL_CONFIG;
}

export function useTestChannelConfig(projectId: string) {
  return useQuery({
    queryKey: realTimeTestKeys.channelConfig(projectId),
    queryFn: ({ signal }) => getTestChannelConfig(projectId, signal),
    enabled: Boolean(projectId),
  });
}
