/** Query keys of the Real-Time Test. */
export const realTimeTestKeys = {
  channelConfig: (projectId: string) => ['real-time-test', 'channel-config', projectId] as const,
};
