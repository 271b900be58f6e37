/** Query keys of the Real-Time Test; shared because a channel's changes invalidate its channel config. */
export const realTimeTestKeys = {
  channelConfig: (projectId: string) => ['real-time-test', 'channel-config', projectId] as const,
};
