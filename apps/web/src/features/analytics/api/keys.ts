type Query = Record<string, string | number>;

/**
 * Query keys of analytics. Nothing in the console writes events (the widget and the Real-Time Test
 * do, elsewhere), so no call invalidates these: each screen reads afresh when it opens.
 */
export const analyticsKeys = {
  summary: (projectId: string, query: Query) => ['analytics', 'summary', projectId, query] as const,
  charts: (projectId: string, query: Query) => ['analytics', 'charts', projectId, query] as const,
  conversations: (projectId: string, query: Query) => ['analytics', 'conversation', 'list', projectId, query] as const,
  conversationSummary: (projectId: string, convId: string) => ['analytics', 'conversation', 'summary', projectId, convId] as const,
  conversationEvents: (projectId: string, convId: string, query: Query) =>
    ['analytics', 'conversation', 'events', projectId, convId, query] as const,
  queryLog: (projectId: string, query: Query) => ['analytics', 'query', 'list', projectId, query] as const,
};

/** The URLs of a project's analytics (the calls of this feature). */
const projectUrl = (projectId: string) => `/project/${encodeURIComponent(projectId)}`;
export const summaryUrl = (projectId: string) => `${projectUrl(projectId)}/summary`;
export const conversationsUrl = (projectId: string) => `${projectUrl(projectId)}/conv`;
export const conversationUrl = (projectId: string, convId: string) => `${conversationsUrl(projectId)}/${encodeURIComponent(convId)}`;
export const queryLogUrl = (projectId: string) => `${projectUrl(projectId)}/query`;
