type Query = Record<string, string | number>;

/** Query keys of a project's inbox and its topics: a fix changes both, so one invalidation of the project's refreshes them. */
export const insightKeys = {
  project: (projectId: string) => ['insight', projectId] as const,
  inbox: (projectId: string, query: Query) => ['insight', projectId, 'inbox', query] as const,
  topic: (projectId: string, topicId: string, query: Query) => ['insight', projectId, 'topic', topicId, query] as const,
};

export const inboxUrl = (projectId: string) => `/project/${encodeURIComponent(projectId)}/insight`;
export const topicUrl = (projectId: string, topicId: string) => `${inboxUrl(projectId)}/topic/${encodeURIComponent(topicId)}`;
