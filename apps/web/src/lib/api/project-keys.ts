/**
 * Query keys of projects; a workspace's list lives under ['project', 'list', workspaceId]. Shared
 * because a sync invalidates them and the jargon page reads and saves the project too.
 */
export const projectKeys = {
  all: ['project'] as const,
  lists: (workspaceId: string) => ['project', 'list', workspaceId] as const,
  list: (workspaceId: string, query: Record<string, string | number>) => ['project', 'list', workspaceId, query] as const,
  detail: (id: string) => ['project', 'detail', id] as const,
  /** The caller's projects across workspaces (GET /project). */
  readable: (query: Record<string, string | number>) => ['project', 'readable', query] as const,
};
