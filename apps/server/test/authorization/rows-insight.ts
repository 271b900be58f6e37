import { projectRead, projectWrite, type Cell, type Row } from './table';

/** The inbox of failed questions (read by the project's readers) and its fixes (by those who edit content). */

const topic = (c: Cell) => `/api/v1/project/${c.projectId}/insight/topic/${c.topicId}`;

export const insightRows: Row[] = [
  { route: 'GET /project/{id}/insight', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/insight`, write: false, ...projectRead },
  { route: 'GET /project/{id}/insight/topic/{topicId}', method: 'GET', url: topic, write: false, ...projectRead },
  { route: 'POST /project/{id}/insight/topic/{topicId}/fix', method: 'POST', url: (c) => `${topic(c)}/fix`, body: () => ({ kind: 'dismiss' }), write: true, ...projectWrite(201) },
];
