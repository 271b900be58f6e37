import { projectRead, projectWrite, type Cell, type Row } from './table';

/** Replays of a deployment's traffic (started by the project's editors, read by its readers) and the jobs that run them and test runs. */

const project = (c: Cell) => `/api/v1/project/${c.projectId}`;
const replay = (c: Cell) => `${project(c)}/replay/${c.replayId}`;

export const replayRows: Row[] = [
  // The cell's deployment was never deployed: an allowed replay is told so (checked after the rights).
  { route: 'POST /project/{id}/replay', method: 'POST', url: (c) => `${project(c)}/replay`, body: (c) => ({ deployment_id: c.deploymentId }), write: true, ...projectWrite(409) },
  { route: 'GET /project/{id}/replay', method: 'GET', url: (c) => `${project(c)}/replay`, write: false, ...projectRead },
  { route: 'GET /project/{id}/replay/{replayId}', method: 'GET', url: replay, write: false, ...projectRead },
  { route: 'GET /project/{id}/replay/{replayId}/item', method: 'GET', url: (c) => `${replay(c)}/item`, write: false, ...projectRead },
  { route: 'GET /project/{id}/replay/{replayId}/item/{position}', method: 'GET', url: (c) => `${replay(c)}/item/1`, write: false, ...projectRead },

  { route: 'GET /project/{id}/job/{jobId}', method: 'GET', url: (c) => `${project(c)}/job/${c.jobId}`, write: false, ...projectRead },
  // The cell's job has finished: an allowed cancel is told so.
  { route: 'POST /project/{id}/job/{jobId}/cancel', method: 'POST', url: (c) => `${project(c)}/job/${c.jobId}/cancel`, write: true, ...projectWrite(409) },
];
