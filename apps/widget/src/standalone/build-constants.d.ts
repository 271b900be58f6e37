// Replaced by apps/widget/build.ts when it builds the loader.
declare global {
  /** The chat bundle's file name (content-hashed), beside the loader. */
  const __CHAT_BUNDLE__: string;
}

export {};
