/** Query keys of slots; a project's list lives under ['slot', 'list', projectId]. */
export const slotKeys = {
  lists: (projectId: string) => ['slot', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['slot', 'list', projectId, query] as const,
  detail: (id: string) => ['slot', 'detail', id] as const,
};
