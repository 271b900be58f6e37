/** Query keys of a workspace's memberships. */
export const membershipKeys = {
  lists: (workspaceId: string) => ['membership', 'list', workspaceId] as const,
  list: (workspaceId: string, query: Record<string, string | number>) => ['membership', 'list', workspaceId, query] as const,
};
