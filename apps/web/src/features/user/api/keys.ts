/** Query keys of users: lists under ['user', 'list'], one user under ['user', 'detail', id]. */
export const userKeys = {
  all: ['user'] as const,
  lists: () => ['user', 'list'] as const,
  list: (query: Record<string, string | number>) => ['user', 'list', query] as const,
  detail: (id: string) => ['user', 'detail', id] as const,
  reset: (id: string) => ['user', 'reset', id] as const,
  invite: (id: string) => ['user', 'invite', id] as const,
};
