import { projectDelete, projectRead, projectWrite, type Row } from './table';

/** Sources, their configuration, conversion, pulls and content. */

const richEditorConfig = {
  config: {
    document: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Returns' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Within 30 days.' }] },
      ],
    },
  },
};

export const sourceRows: Row[] = [
  { route: 'GET /project/{id}/source', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/source`, write: false, ...projectRead },
  {
    route: 'POST /project/{id}/source',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/source`,
    body: () => ({ display_name: 'Handbook Two', type: 'pipeline' }),
    write: true,
    ...projectWrite(201),
  },
  { route: 'GET /source/{id}', method: 'GET', url: (c) => `/api/v1/source/${c.sourceId}`, write: false, ...projectRead },
  {
    route: 'PUT /source/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/source/${c.sourceId}`,
    body: () => ({ display_name: 'Renamed Handbook' }),
    write: true,
    ...projectWrite(200),
  },
  { route: 'DELETE /source/{id}', method: 'DELETE', url: (c) => `/api/v1/source/${c.sourceId}`, write: true, ...projectDelete(204) },
  {
    route: 'PUT /source/{id}/config',
    method: 'PUT',
    url: (c) => `/api/v1/source/${c.sourceId}/config`,
    body: () => richEditorConfig,
    write: true,
    ...projectWrite(200),
  },
  {
    route: 'POST /source/{id}/convert',
    method: 'POST',
    url: (c) => `/api/v1/source/${c.sourceId}/convert`,
    body: () => ({ type: 'editor' }),
    write: true,
    ...projectWrite(200),
  },
  { route: 'POST /source/{id}/pull', method: 'POST', url: (c) => `/api/v1/source/${c.sourceId}/pull`, write: true, ...projectWrite(202) },
  {
    route: 'GET /source/{id}/pull/{pullId}',
    method: 'GET',
    url: (c) => `/api/v1/source/${c.sourceId}/pull/${c.pullId}`,
    write: false,
    ...projectRead,
  },
];
