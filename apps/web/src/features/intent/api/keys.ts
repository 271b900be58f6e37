/** Query keys of intents; a project's list lives under ['intent', 'list', projectId]. */
export const intentKeys = {
  lists: (projectId: string) => ['intent', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['intent', 'list', projectId, query] as const,
  detail: (id: string) => ['intent', 'detail', id] as const,
};
