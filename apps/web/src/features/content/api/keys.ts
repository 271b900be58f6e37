/**
 * Query keys of content items. Every list of items (a project's, a source's) lives under
 * ['content', 'list'], so one invalidation refreshes them all; the source feature invalidates
 * ['content'] after a pull.
 */
export const contentKeys = {
  all: () => ['content'] as const,
  lists: () => ['content', 'list'] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['content', 'list', 'project', projectId, query] as const,
  sourceList: (sourceId: string, query: Record<string, string | number>) => ['content', 'list', 'source', sourceId, query] as const,
  detail: (id: string) => ['content', 'detail', id] as const,
  utterances: (contentId: string) => ['content', 'utterance', contentId] as const,
  utteranceList: (contentId: string, query: Record<string, string | number>) => ['content', 'utterance', contentId, query] as const,
  actions: (contentId: string) => ['content', 'action', contentId] as const,
  actionList: (contentId: string, query: Record<string, string | number>) => ['content', 'action', contentId, query] as const,
};
