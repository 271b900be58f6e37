import { STRONG_PASSWORD, uniqueEmail } from '../helper';
import { e, readRule, same, scoped, superOnly, type Cell, type Row } from './table';

/** Users, workspaces, projects, workspace memberships, API keys and support. */

const strongPassword = { password: STRONG_PASSWORD, password_validator: STRONG_PASSWORD };
const privilege = (cell: Cell) => ({ status: 'active', email: cell.member.email, is_super_user: false, is_mfa_enabled: false });
const newApiKey = (cell: Cell) => ({
  display_name: 'Reporting',
  scopes: ['read_conversation_store'],
  resource_type: 'deployment',
  resource_id: cell.deploymentId,
});

export const administrationRows: Row[] = [
  // Users: super users administer; everyone else only themselves (self cases are in users.test.ts).
  { route: 'GET /user', method: 'GET', url: () => '/api/v1/user', write: false, ...superOnly(200) },
  {
    route: 'POST /user',
    method: 'POST',
    url: () => '/api/v1/user',
    body: () => ({ display_name: 'New Person', email: uniqueEmail('new') }),
    write: true,
    ...superOnly(201),
  },
  { route: 'GET /user/{id}', method: 'GET', url: (c) => `/api/v1/user/${c.member.id}`, write: false, ...superOnly(200) },
  { route: 'PUT /user/{id}', method: 'PUT', url: (c) => `/api/v1/user/${c.member.id}`, body: () => ({ display_name: 'Renamed' }), write: true, ...superOnly(200) },
  { route: 'PUT /user/{id}/password', method: 'PUT', url: (c) => `/api/v1/user/${c.member.id}/password`, body: () => strongPassword, write: true, ...superOnly(204) },
  { route: 'PUT /user/{id}/privilege', method: 'PUT', url: (c) => `/api/v1/user/${c.member.id}/privilege`, body: privilege, write: true, ...superOnly(200) },
  { route: 'GET /user/{id}/reset', method: 'GET', url: (c) => `/api/v1/user/${c.member.id}/reset`, write: false, ...superOnly(200) },
  {
    route: 'PUT /user/{id}/reset',
    method: 'PUT',
    url: (c) => `/api/v1/user/${c.member.id}/reset`,
    body: () => ({ send_email: false, confirmed: true }),
    write: true,
    ...superOnly(200),
  },
  { route: 'DELETE /user/{id}/reset', method: 'DELETE', url: (c) => `/api/v1/user/${c.member.id}/reset`, write: true, ...superOnly(204) },
  { route: 'GET /user/{id}/invite', method: 'GET', url: (c) => `/api/v1/user/${c.member.id}/invite`, write: false, ...superOnly(200) },
  { route: 'DELETE /user/{id}', method: 'DELETE', url: (c) => `/api/v1/user/${c.member.id}`, write: true, ...superOnly(204) },

  // Workspaces.
  { route: 'GET /workspace', method: 'GET', url: () => '/api/v1/workspace', write: false, ...same(e(200)) },
  {
    route: 'POST /workspace',
    method: 'POST',
    url: () => '/api/v1/workspace',
    body: () => ({ display_name: 'New Space' }),
    write: true,
    ...superOnly(201),
  },
  { route: 'GET /workspace/{id}', method: 'GET', url: (c) => `/api/v1/workspace/${c.workspaceId}`, write: false, ...readRule },
  {
    route: 'PUT /workspace/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/workspace/${c.workspaceId}`,
    body: () => ({ display_name: 'Renamed', description: '', status: 'active' }),
    write: true,
    ...scoped({ editor: 200, admin: 200, super: 200 }, 200),
  },
  { route: 'DELETE /workspace/{id}', method: 'DELETE', url: (c) => `/api/v1/workspace/${c.workspaceId}`, write: true, ...scoped({ super: 204 }, 204) },

  // Projects.
  { route: 'GET /project', method: 'GET', url: () => '/api/v1/project', write: false, ...same(e(200)) },
  { route: 'GET /workspace/{id}/project', method: 'GET', url: (c) => `/api/v1/workspace/${c.workspaceId}/project`, write: false, ...readRule },
  {
    route: 'POST /workspace/{id}/project',
    method: 'POST',
    url: (c) => `/api/v1/workspace/${c.workspaceId}/project`,
    body: () => ({ display_name: 'New Project' }),
    write: true,
    ...scoped({ editor: 201, admin: 201 }, 403),
  },
  { route: 'GET /project/{id}', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}`, write: false, ...readRule },
  { route: 'DELETE /project/{id}', method: 'DELETE', url: (c) => `/api/v1/project/${c.projectId}`, write: true, ...scoped({ admin: 204 }, 403) },

  // Memberships.
  { route: 'GET /workspace/{id}/membership', method: 'GET', url: (c) => `/api/v1/workspace/${c.workspaceId}/membership`, write: false, ...readRule },
  {
    route: 'POST /workspace/{id}/membership',
    method: 'POST',
    url: (c) => `/api/v1/workspace/${c.workspaceId}/membership`,
    body: (c) => ({ email: c.outsider.email, role: 'viewer' }),
    write: true,
    ...scoped({ editor: 201, admin: 201 }, 403),
  },
  {
    route: 'POST /workspace/{id}/membership/self',
    method: 'POST',
    url: (c) => `/api/v1/workspace/${c.workspaceId}/membership/self`,
    body: () => ({ role: 'viewer' }),
    write: true,
    ...scoped({ super: 200 }, 200),
  },
  {
    route: 'DELETE /workspace/{id}/membership/{membershipId}',
    method: 'DELETE',
    url: (c) => `/api/v1/workspace/${c.workspaceId}/membership/${c.membershipId}`,
    write: true,
    ...scoped({ admin: 204 }, 403),
  },

  // API keys.
  { route: 'GET /workspace/{id}/api-key', method: 'GET', url: (c) => `/api/v1/workspace/${c.workspaceId}/api-key`, write: false, ...readRule },
  { route: 'GET /workspace/{id}/deployment', method: 'GET', url: (c) => `/api/v1/workspace/${c.workspaceId}/deployment`, write: false, ...readRule },
  {
    route: 'POST /workspace/{id}/api-key',
    method: 'POST',
    url: (c) => `/api/v1/workspace/${c.workspaceId}/api-key`,
    body: newApiKey,
    write: true,
    ...scoped({ admin: 201 }, 403),
  },
  {
    route: 'PUT /api-key/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/api-key/${c.apiKeyId}`,
    body: () => ({ description: 'Updated', status: 'inactive' }),
    write: true,
    ...scoped({ editor: 200, admin: 200 }, 403),
  },
  { route: 'DELETE /api-key/{id}', method: 'DELETE', url: (c) => `/api/v1/api-key/${c.apiKeyId}`, write: true, ...scoped({ admin: 204 }, 403) },

  // The audit log: a workspace's admins read its entries, super users every entry; nothing changes one.
  ...(['', '/export'] as const).flatMap((tail): Row[] => [
    {
      route: `GET /workspace/{id}/audit${tail}`,
      method: 'GET',
      url: (c) => `/api/v1/workspace/${c.workspaceId}/audit${tail}`,
      write: false,
      ...scoped({ admin: 200, super: 200 }, 200),
    },
    { route: `GET /audit${tail}`, method: 'GET', url: () => `/api/v1/audit${tail}`, write: false, ...superOnly(200) },
  ]),

  // Support: every signed-in user.
  {
    route: 'POST /support',
    method: 'POST',
    url: () => '/api/v1/support',
    body: () => ({ message: 'Please help me with this.' }),
    write: true,
    ...same(e(201)),
  },
  // The messages themselves: super users, who read them in the admin panel.
  { route: 'GET /support', method: 'GET', url: () => '/api/v1/support', write: false, ...superOnly(200) },
];
