/** Query keys of a workspace's API keys. */
export const apiKeyKeys = {
  all: ['api-key'] as const,
  lists: (workspaceId: string) => ['api-key', 'list', workspaceId] as const,
  list: (workspaceId: string, query: Record<string, string | number>) => ['api-key', 'list', workspaceId, query] as const,
};
