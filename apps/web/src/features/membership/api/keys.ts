/** Query keys of a workspace's memberships. */
export const membershipKeys = {
  lists: (workspaceId: string) => ['membership', 'list', workspaceId] as const,
  list: (workspaceId: string, query: Record<string, string | number>) => ['membership', 'list', workspaceId, query] as const,
};

/** Query keys of a project's members (direct and inherited). */
export const projectMembershipKeys = {
  lists: (projectId: string) => ['project-membership', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) =>
    ['project-membership', 'list', projectId, query] as const,
};
