/** Query keys of channels; a project's list lives under ['channel', 'list', projectId]. */
export const channelKeys = {
  all: ['channel'] as const,
  lists: (projectId: string) => ['channel', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['channel', 'list', projectId, query] as const,
  detail: (id: string) => ['channel', 'detail', id] as const,
};
