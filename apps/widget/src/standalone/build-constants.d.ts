import type { WebChannelConfig } from '@console/contracts';

// Replaced by apps/widget/build.ts when it builds the loader.
declare global {
  /** The chat bundle's file name (content-hashed), beside the loader. */
  const __CHAT_BUNDLE__: string;
  /** The contracts' DEFAULT_WEB_CHANNEL_CONFIG, for a channel whose configuration cannot be had. */
  const __DEFAULT_WEB_CHANNEL_CONFIG__: WebChannelConfig;
}
