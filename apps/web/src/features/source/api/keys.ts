/** Query keys of sources; a project's list lives under ['source', 'list', projectId]. */
export const sourceKeys = {
  all: ['source'] as const,
  lists: (projectId: string) => ['source', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['source', 'list', projectId, query] as const,
  detail: (id: string) => ['source', 'detail', id] as const,
  pull: (sourceId: string, pullId: string) => ['source', 'pull', sourceId, pullId] as const,
};

/**
 * The mutation scope of a source's config saves and pulls: TanStack Query runs the mutations of one
 * scope one after another, so a Pull pressed while a save is on its way reads the saved config.
 */
export const sourceWriteScope = (sourceId: string) => ({ id: `source-writes:${sourceId}` });

/** Content items (the content feature's queries): a pull, a conversion or a delete changes a source's items. */
export const contentQueryKey = ['content'] as const;
