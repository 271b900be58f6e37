/** Query keys of workspaces; shared because joining one (a membership call) invalidates them. */
export const workspaceKeys = {
  all: ['workspace'] as const,
  lists: () => ['workspace', 'list'] as const,
  list: (query: Record<string, string | number>) => ['workspace', 'list', query] as const,
  detail: (id: string) => ['workspace', 'detail', id] as const,
};
