import { projectRead, type Cell, type Row } from './table';

/**
 * Analytics: the dashboard, the conversations, the query log and its export. Every reader of the
 * project reads them (viewers too); nobody from another workspace does. The conversation-store API
 * (/conversation-store/...) has no user caller: a workspace API key opens it and a user's token is
 * refused, so analytics.test.ts covers its keys (missing, unknown, inactive, expired, deleted, another
 * deployment's or workspace's) instead, as chat.test.ts does for the public chat API.
 */

const project = (c: Cell) => `/api/v1/project/${c.projectId}`;

export const analyticsRows: Row[] = [
  { route: 'GET /project/{id}/summary', method: 'GET', url: (c) => `${project(c)}/summary`, write: false, ...projectRead },
  { route: 'GET /project/{id}/summary/charts', method: 'GET', url: (c) => `${project(c)}/summary/charts`, write: false, ...projectRead },
  { route: 'GET /project/{id}/conv', method: 'GET', url: (c) => `${project(c)}/conv`, write: false, ...projectRead },
  { route: 'GET /project/{id}/conv/{convId}', method: 'GET', url: (c) => `${project(c)}/conv/${c.convId}`, write: false, ...projectRead },
  { route: 'GET /project/{id}/conv/{convId}/summary', method: 'GET', url: (c) => `${project(c)}/conv/${c.convId}/summary`, write: false, ...projectRead },
  { route: 'GET /project/{id}/query', method: 'GET', url: (c) => `${project(c)}/query`, write: false, ...projectRead },
  { route: 'GET /project/{id}/query/export', method: 'GET', url: (c) => `${project(c)}/query/export?tz=Europe/Paris`, write: false, ...projectRead },
];
