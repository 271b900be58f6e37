type Query = Record<string, string | number>;

/** Query keys of a project's replays; a replay's items live under its detail, so one invalidation refreshes them with it. */
export const replayKeys = {
  lists: (projectId: string) => ['replay', projectId, 'list'] as const,
  list: (projectId: string, query: Query) => ['replay', projectId, 'list', query] as const,
  detail: (projectId: string, replayId: string) => ['replay', projectId, 'detail', replayId] as const,
  items: (projectId: string, replayId: string, query: Query) => ['replay', projectId, 'detail', replayId, 'item', query] as const,
  item: (projectId: string, replayId: string, position: number) => ['replay', projectId, 'detail', replayId, 'item', position] as const,
};

export const replaysUrl = (projectId: string) => `/project/${encodeURIComponent(projectId)}/replay`;
export const replayUrl = (projectId: string, replayId: string) => `${replaysUrl(projectId)}/${encodeURIComponent(replayId)}`;
