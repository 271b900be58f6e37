/**
 * Query keys of deployments; a project's list lives under ['deployment', 'list', projectId]. Shared
 * because the channel snippet and the analytics filters read the list as well as the deployment pages.
 */
export const deploymentKeys = {
  all: ['deployment'] as const,
  lists: (projectId: string) => ['deployment', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['deployment', 'list', projectId, query] as const,
  detail: (projectId: string, id: string) => ['deployment', 'detail', projectId, id] as const,
};

/** The URL of a project's deployments (every deployment call). */
export const deploymentsUrl = (projectId: string) => `/project/${encodeURIComponent(projectId)}/deployment`;
export const deploymentUrl = (projectId: string, id: string) => `${deploymentsUrl(projectId)}/${encodeURIComponent(id)}`;
