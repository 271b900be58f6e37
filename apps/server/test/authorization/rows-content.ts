import { e, projectDelete, projectRead, projectWrite, same, type Row } from './table';

/** Content items, their utterances, actions and export, and the rich-text converters. */

const response = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Two days, worldwide.' }] }] };
const action = { type: 'event', config: { label: 'Track', event: 'track' } };

export const contentRows: Row[] = [
  // The converters touch no stored data: every signed-in user may call them.
  { route: 'POST /util/convert-pm-to-kb', method: 'POST', url: () => '/api/v1/util/convert-pm-to-kb', body: () => ({ value: response }), write: false, ...same(e(200)) },
  {
    route: 'POST /util/convert-kb-to-pm',
    method: 'POST',
    url: () => '/api/v1/util/convert-kb-to-pm',
    body: () => ({ value: { children: [{ type: 'hierarchy_cutoff' }] } }),
    write: false,
    ...same(e(200)),
  },

  // Items.
  { route: 'GET /project/{id}/content', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/content`, write: false, ...projectRead },
  {
    route: 'POST /project/{id}/content',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/content`,
    body: (c) => ({ subject: 'Returns', source_id: c.sourceId }),
    write: true,
    ...projectWrite(201),
  },
  { route: 'GET /project/{id}/content/utterances', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/content/utterances`, write: false, ...projectRead },
  { route: 'GET /source/{id}/content', method: 'GET', url: (c) => `/api/v1/source/${c.sourceId}/content`, write: false, ...projectRead },
  { route: 'GET /content/{id}', method: 'GET', url: (c) => `/api/v1/content/${c.contentId}`, write: false, ...projectRead },
  {
    route: 'PUT /content/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/content/${c.contentId}`,
    body: () => ({ subject: 'Shipping times', status: 'active' }),
    write: true,
    ...projectWrite(200),
  },
  // Activate and deactivate belong to the delete right.
  {
    route: 'PUT /content/{id} (status change)',
    method: 'PUT',
    url: (c) => `/api/v1/content/${c.contentId}`,
    body: () => ({ subject: 'Shipping', status: 'inactive' }),
    write: true,
    ...projectDelete(200),
  },
  {
    route: 'PUT /content/{id}/response',
    method: 'PUT',
    url: (c) => `/api/v1/content/${c.contentId}/response`,
    body: () => ({ response_pm: response }),
    write: true,
    ...projectWrite(200),
  },
  { route: 'DELETE /content/{id}', method: 'DELETE', url: (c) => `/api/v1/content/${c.contentId}`, write: true, ...projectDelete(204) },

  // Utterances and actions are edit rows of their item: every change is an update of it.
  { route: 'GET /content/{id}/utterance', method: 'GET', url: (c) => `/api/v1/content/${c.contentId}/utterance`, write: false, ...projectRead },
  {
    route: 'POST /content/{id}/utterance',
    method: 'POST',
    url: (c) => `/api/v1/content/${c.contentId}/utterance`,
    body: () => ({ text: 'When will it arrive?' }),
    write: true,
    ...projectWrite(201),
  },
  {
    route: 'PUT /content-utterance/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/content-utterance/${c.utteranceId}`,
    body: () => ({ text: 'How quickly do you ship?' }),
    write: true,
    ...projectWrite(200),
  },
  { route: 'DELETE /content-utterance/{id}', method: 'DELETE', url: (c) => `/api/v1/content-utterance/${c.utteranceId}`, write: true, ...projectWrite(204) },
  { route: 'GET /content/{id}/action', method: 'GET', url: (c) => `/api/v1/content/${c.contentId}/action`, write: false, ...projectRead },
  { route: 'POST /content/{id}/action', method: 'POST', url: (c) => `/api/v1/content/${c.contentId}/action`, body: () => action, write: true, ...projectWrite(201) },
  {
    route: 'PUT /content-action/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/content-action/${c.actionId}`,
    body: () => action,
    write: true,
    ...projectWrite(200),
  },
  { route: 'DELETE /content-action/{id}', method: 'DELETE', url: (c) => `/api/v1/content-action/${c.actionId}`, write: true, ...projectWrite(204) },
  {
    route: 'POST /project/{id}/content/bulk',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/content/bulk`,
    body: (c) => ({ action: 'deactivate', ids: [c.contentId] }),
    write: true,
    ...projectDelete(200),
  },
  {
    route: 'POST /project/{id}/content/bulk (by filter)',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/content/bulk`,
    body: (c) => ({ action: 'delete', filter: { source_id: c.sourceId } }),
    write: true,
    ...projectDelete(200),
  },
];
