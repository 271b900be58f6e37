/** Query keys of deployments; a project's list lives under ['deployment', 'list', projectId]. */
export const deploymentKeys = {
  all: ['deployment'] as const,
  lists: (projectId: string) => ['deployment', 'list', projectId] as const,
  list: (projectId: string, query: Record<string, string | number>) => ['deployment', 'list', projectId, query] as const,
  detail: (projectId: string, id: string) => ['deployment', 'detail', projectId, id] as const,
};

/** The URL of a project's deployments (the calls of this feature). */
export const deploymentsUrl = (projectId: string) => `/project/${encodeURIComponent(projectId)}/deployment`;
export const deploymentUrl = (projectId: string, id: string) => `${deploymentsUrl(projectId)}/${encodeURIComponent(id)}`;
