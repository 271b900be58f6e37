import { projectRead, projectWrite, type Row } from './table';

/**
 * Sync, versions, deployments with deploy, rollback, promote and their history, the Real-Time Test
 * and reporting ids. The public chat API has no caller of its own (a deployment key and an allowed
 * origin), so chat.test.ts covers it instead.
 */

const deployment = (c: { projectId: string; deploymentId: string }) => `/api/v1/project/${c.projectId}/deployment/${c.deploymentId}`;

export const assistantRows: Row[] = [
  { route: 'POST /project/{id}/sync', method: 'POST', url: (c) => `/api/v1/project/${c.projectId}/sync`, write: true, ...projectWrite(200) },

  { route: 'GET /project/{id}/deployment', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/deployment`, write: false, ...projectRead },
  {
    route: 'POST /project/{id}/deployment',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/deployment`,
    body: () => ({ display_name: 'Staging', allowed_origins: 'https://staging.example' }),
    write: true,
    ...projectWrite(201),
  },
  { route: 'GET /project/{id}/deployment/{deploymentId}', method: 'GET', url: deployment, write: false, ...projectRead },
  {
    route: 'PUT /project/{id}/deployment/{deploymentId}',
    method: 'PUT',
    url: deployment,
    body: () => ({ display_name: 'Live', allowed_origins: 'https://shop.example' }),
    write: true,
    ...projectWrite(200),
  },
  // The cell's project has a snapshot, so an allowed deploy succeeds.
  { route: 'POST /project/{id}/deployment/{deploymentId}/deploy', method: 'POST', url: (c) => `${deployment(c)}/deploy`, write: true, ...projectWrite(200) },
  // The cell's deployment was never deployed: an allowed rollback finds no earlier version.
  { route: 'POST /project/{id}/deployment/{deploymentId}/rollback', method: 'POST', url: (c) => `${deployment(c)}/rollback`, write: true, ...projectWrite(409) },
  // The cell has one deployment: an allowed promote is told to promote from another (checked after the rights).
  {
    route: 'POST /project/{id}/deployment/{deploymentId}/promote',
    method: 'POST',
    url: (c) => `${deployment(c)}/promote`,
    body: (c) => ({ from_deployment_id: c.deploymentId }),
    write: true,
    ...projectWrite(400),
  },
  { route: 'GET /project/{id}/deployment/{deploymentId}/history', method: 'GET', url: (c) => `${deployment(c)}/history`, write: false, ...projectRead },
  { route: 'GET /project/{id}/deployment/{deploymentId}/preview', method: 'GET', url: (c) => `${deployment(c)}/preview`, write: false, ...projectRead },

  // The cell's project has version 1.
  { route: 'GET /project/{id}/version', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/version`, write: false, ...projectRead },
  { route: 'GET /project/{id}/version/{number}', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/version/1`, write: false, ...projectRead },
  { route: 'GET /project/{id}/version/{number}/diff', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/version/1/diff`, write: false, ...projectRead },
  { route: 'GET /project/{id}/sync-status', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/sync-status`, write: false, ...projectRead },

  // The Real-Time Test records events but changes nothing of the project: every reader may test.
  {
    route: 'POST /project/{id}/chat/query',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/chat/query`,
    body: () => ({ utterance: 'How fast do you ship?' }),
    write: false,
    ...projectRead,
  },
  // Feedback on one of the Real-Time Test's answers, as its widget sends it: every reader may try it.
  {
    route: 'POST /project/{id}/chat/feedback',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/chat/feedback`,
    body: (c) => ({ answer_id: c.realtimeAnswerId, rating: 'down', comment: 'Too short' }),
    write: false,
    ...projectRead,
  },
  {
    route: 'GET /project/{id}/convert-reporting-id/{reportingId}',
    method: 'GET',
    url: (c) => `/api/v1/project/${c.projectId}/convert-reporting-id/${c.reportingId}`,
    write: false,
    ...projectRead,
  },
];
