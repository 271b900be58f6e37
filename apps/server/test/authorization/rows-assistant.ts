import { projectRead, projectWrite, type Row } from './table';

/**
 * Sync, deployments and deploy, the Real-Time Test and reporting ids. The public chat API has no
 * caller of its own (a deployment key and an allowed origin), so chat.test.ts covers it instead.
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

  // The Real-Time Test records events but changes nothing of the project: every reader may test.
  {
    route: 'POST /project/{id}/chat/query',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/chat/query`,
    body: () => ({ utterance: 'How fast do you ship?' }),
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
