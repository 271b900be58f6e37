import { DEFAULT_WEB_CHANNEL_CONFIG } from '@console/contracts';
import { projectDelete, projectRead, projectWrite, type Row } from './table';

/** Channels: the project's web chat widgets (read by readers, written by editors, deleted by admins). */

export const channelRows: Row[] = [
  { route: 'GET /project/{id}/channel', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/channel`, write: false, ...projectRead },
  {
    route: 'POST /project/{id}/channel',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/channel`,
    body: () => ({ display_name: 'Storefront Chat', type: 'web' }),
    write: true,
    ...projectWrite(201),
  },
  { route: 'GET /channel/{id}', method: 'GET', url: (c) => `/api/v1/channel/${c.channelId}`, write: false, ...projectRead },
  {
    route: 'PUT /channel/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/channel/${c.channelId}`,
    body: () => ({ display_name: 'Storefront Chat', status: 'active' }),
    write: true,
    ...projectWrite(200),
  },
  {
    route: 'PUT /channel/{id}/config',
    method: 'PUT',
    url: (c) => `/api/v1/channel/${c.channelId}/config`,
    body: () => ({ config: { ...DEFAULT_WEB_CHANNEL_CONFIG, concierge: { ...DEFAULT_WEB_CHANNEL_CONFIG.concierge, name: 'Ada' } } }),
    write: true,
    ...projectWrite(200),
  },
  { route: 'DELETE /channel/{id}', method: 'DELETE', url: (c) => `/api/v1/channel/${c.channelId}`, write: true, ...projectDelete(204) },
];
