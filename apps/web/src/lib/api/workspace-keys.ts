/** Query keys of workspaces. */
export const workspaceKeys = {
  all: ['workspace'] as const,
  lists: () => ['workspace', 'list'] as const,
  list: (query: Record<string, string | number>) => ['workspace', 'list', query] as const,
  detail: (id: string) => ['workspace', 'detail', id] as const,
};
