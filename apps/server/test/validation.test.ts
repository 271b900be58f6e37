import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { RESET_CONFIRMATION_MESSAGE, apiKeyScopes, messages } from '@console/contracts';
import {
  apiKeys,
  passwordResetRequests,
  projects,
  supportMessages,
  users,
  workspaceMemberships,
  workspaces,
  type UserRow,
} from '../src/db/schema/index';
import {
  STRONG_PASSWORD,
  call,
  countRows,
  createSignedInUser,
  createTestApp,
  createTestUser,
  createWorkspaceTree,
  expectError,
  openTestDatabase,
} from './helper';

/**
 * Bad input on every write route: 400 with the contracts' message, never 500, nothing written.
 * The caller is a super user who is also admin of the workspace, so only the input can be wrong.
 */

let app: FastifyInstance;
let token: string;
let target: UserRow;
let tree: Awaited<ReturnType<typeof createWorkspaceTree>>;
let otherTree: Awaited<ReturnType<typeof createWorkspaceTree>>;
let apiKeyId: string;

const x = (n: number) => 'x'.repeat(n);
const unknownField = (field: string) => `${field} is not an accepted field`;
const validApiKey = () => ({
  display_name: 'Reporting',
  scopes: ['read_conversation_store'],
  resource_type: 'deployment',
  resource_id: tree.deployment.id,
});

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  const caller = await createSignedInUser(app, { isSuperUser: true });
  token = caller.token;
  target = (await createTestUser(app)).user;
  tree = await createWorkspaceTree(app, [{ user: caller.user, role: 'admin' }]);
  otherTree = await createWorkspaceTree(app, [], 'Other');
  const created = await call(app, 'POST', `/api/v1/workspace/${tree.workspace.id}/api-key`, token, validApiKey());
  expect(created.statusCode).toBe(201);
  apiKeyId = created.json<{ id: string }>().id;
});

interface Case {
  body: unknown;
  detail: string;
}

interface WriteRoute {
  route: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** A snapshot of what the route could write; equal before and after every refused call. */
  state: () => Promise<unknown>;
  /** Built when the test runs (they name rows created in beforeAll). */
  cases: () => Case[];
}

const userState = async () => (await app.ctx.db.select().from(users).where(eq(users.id, target.id)))[0];

const routes: WriteRoute[] = [
  {
    route: 'POST /user',
    method: 'POST',
    url: () => '/api/v1/user',
    state: () => countRows(app, users),
    cases: () => [
      { body: { display_name: 'ab', email: 'new@example.com' }, detail: messages.atLeastChars('Name', 3) },
      { body: { display_name: x(256), email: 'new@example.com' }, detail: messages.atMostChars('Name', 255) },
      { body: { display_name: 'New Person', email: 'ab' }, detail: messages.atLeastChars('Email', 3) },
      { body: { display_name: 'New Person', email: `${x(250)}@a.com` }, detail: messages.atMostChars('Email', 255) },
      { body: { display_name: 'New Person' }, detail: messages.atLeastChars('Email', 3) },
      { body: { display_name: 42, email: 'new@example.com' }, detail: messages.atLeastChars('Name', 3) },
      { body: { display_name: 'New Person', email: 'new@example.com', role: 'admin' }, detail: unknownField('role') },
      { body: { display_name: 'New Person', email: 'new@example.com', status: 'pending' }, detail: messages.oneOf('Status', ['active', 'blocked']) },
      { body: { display_name: 'New Person', email: 'new@example.com', is_mfa_enabled: 'yes' }, detail: messages.oneOf('MFA', ['true', 'false']) },
      { body: { display_name: 'New Person', email: 'new@example.com', password: 'short' }, detail: messages.atLeastChars('Password', 8) },
      { body: { display_name: 'New Person', email: 'new@example.com', password: 'alllowercase1!' }, detail: messages.uppercase('Password') },
      {
        body: { display_name: 'New Person', email: 'new@example.com', password: STRONG_PASSWORD, password_validator: 'Other-Pass-1' },
        detail: messages.matches('Confirm Password', 'Password'),
      },
      { body: [], detail: 'Body must be a JSON object' },
    ],
  },
  {
    route: 'PUT /user/{id}',
    method: 'PUT',
    url: () => `/api/v1/user/${target.id}`,
    state: userState,
    cases: () => [
      { body: { display_name: 'ab' }, detail: messages.atLeastChars('Name', 3) },
      { body: { display_name: x(256) }, detail: messages.atMostChars('Name', 255) },
      { body: { display_name: 'Good Name', email: 'a@b.c' }, detail: unknownField('email') },
      { body: {}, detail: messages.atLeastChars('Name', 3) },
    ],
  },
  {
    route: 'PUT /user/{id}/password',
    method: 'PUT',
    url: () => `/api/v1/user/${target.id}/password`,
    state: userState,
    cases: () => [
      { body: { password: 'Short-1', password_validator: 'Short-1' }, detail: messages.atLeastChars('Password', 8) },
      { body: { password: `A1-${x(126)}`, password_validator: `A1-${x(126)}` }, detail: messages.atMostChars('Password', 128) },
      { body: { password: 'NoDigits-here', password_validator: 'NoDigits-here' }, detail: messages.number('Password') },
      { body: { password: 'NoSpecial1here', password_validator: 'NoSpecial1here' }, detail: messages.special('Password') },
      { body: { password: STRONG_PASSWORD, password_validator: 'Different-1' }, detail: messages.matches('Confirm Password', 'Password') },
      { body: { password: STRONG_PASSWORD }, detail: messages.matches('Confirm Password', 'Password') },
      {
        body: { current_password: x(129), password: STRONG_PASSWORD, password_validator: STRONG_PASSWORD },
        detail: messages.atMostChars('Current Password', 128),
      },
    ],
  },
  {
    route: 'PUT /user/{id}/privilege',
    method: 'PUT',
    url: () => `/api/v1/user/${target.id}/privilege`,
    state: userState,
    cases: () => [
      { body: { status: 'active', email: 'a@b.', is_super_user: false, is_mfa_enabled: false }, detail: messages.atLeastChars('Email', 5) },
      { body: { status: 'locked', email: 'someone@example.com', is_super_user: false, is_mfa_enabled: false }, detail: messages.oneOf('Status', ['active', 'blocked']) },
      { body: { status: 'active', email: 'someone@example.com', is_super_user: 'true', is_mfa_enabled: false }, detail: messages.oneOf('Super User', ['true', 'false']) },
      { body: { status: 'active', email: 'someone@example.com', is_super_user: false }, detail: messages.oneOf('MFA', ['true', 'false']) },
    ],
  },
  {
    route: 'PUT /user/{id}/reset',
    method: 'PUT',
    url: () => `/api/v1/user/${target.id}/reset`,
    state: () => countRows(app, passwordResetRequests),
    cases: () => [
      { body: { send_email: false, confirmed: false }, detail: RESET_CONFIRMATION_MESSAGE },
      { body: { send_email: false }, detail: RESET_CONFIRMATION_MESSAGE },
      { body: { send_email: 'no', confirmed: true }, detail: messages.oneOf('Send Email', ['true', 'false']) },
    ],
  },
  {
    route: 'POST /workspace',
    method: 'POST',
    url: () => '/api/v1/workspace',
    state: () => countRows(app, workspaces),
    cases: () => [
      { body: { display_name: x(2) }, detail: messages.atLeastChars('Name', 3) },
      { body: { display_name: x(129) }, detail: messages.atMostChars('Name', 128) },
      { body: { display_name: 'Fine', description: x(256) }, detail: messages.atMostChars('Description', 255) },
      { body: { display_name: 'Fine', status: 'draft' }, detail: messages.oneOf('Status', ['active', 'blocked']) },
      { body: { display_name: 'Fine', owner: 'me' }, detail: unknownField('owner') },
      { body: { display_name: null }, detail: messages.atLeastChars('Name', 3) },
    ],
  },
  {
    route: 'PUT /workspace/{id}',
    method: 'PUT',
    url: () => `/api/v1/workspace/${tree.workspace.id}`,
    state: async () => (await app.ctx.db.select().from(workspaces).where(eq(workspaces.id, tree.workspace.id)))[0],
    cases: () => [
      { body: { display_name: x(2), description: '', status: 'active' }, detail: messages.atLeastChars('Name', 3) },
      { body: { display_name: x(129), description: '', status: 'active' }, detail: messages.atMostChars('Name', 128) },
      { body: { display_name: 'Fine', description: '' }, detail: messages.oneOf('Status', ['active', 'blocked']) },
      { body: { display_name: 'Fine', description: x(256), status: 'active' }, detail: messages.atMostChars('Description', 255) },
    ],
  },
  {
    route: 'POST /workspace/{id}/project',
    method: 'POST',
    url: () => `/api/v1/workspace/${tree.workspace.id}/project`,
    state: () => countRows(app, projects),
    cases: () => [
      { body: { display_name: x(2) }, detail: messages.atLeastChars('Name', 3) },
      { body: { display_name: x(129) }, detail: messages.atMostChars('Name', 128) },
      { body: { display_name: 'Fine', description: x(256) }, detail: messages.atMostChars('Description', 255) },
      { body: { display_name: 'Fine', synced_at: '2026-01-01' }, detail: unknownField('synced_at') },
    ],
  },
  {
    route: 'POST /workspace/{id}/membership',
    method: 'POST',
    url: () => `/api/v1/workspace/${tree.workspace.id}/membership`,
    state: () => countRows(app, workspaceMemberships),
    cases: () => [
      { body: { email: 'a@b' }, detail: messages.atLeastChars('Email', 4) },
      { body: { email: `${x(251)}@b.com` }, detail: messages.atMostChars('Email', 256) },
      { body: { email: 'someone@example.com', role: 'owner' }, detail: messages.oneOf('Role', ['admin', 'editor', 'viewer']) },
    ],
  },
  {
    route: 'POST /workspace/{id}/membership/self',
    method: 'POST',
    url: () => `/api/v1/workspace/${otherTree.workspace.id}/membership/self`,
    state: () => countRows(app, workspaceMemberships),
    cases: () => [
      { body: { role: 'owner' }, detail: messages.oneOf('Role', ['admin', 'editor', 'viewer']) },
      { body: { role: 'viewer', email: 'x@example.com' }, detail: unknownField('email') },
    ],
  },
  {
    route: 'POST /workspace/{id}/api-key',
    method: 'POST',
    url: () => `/api/v1/workspace/${tree.workspace.id}/api-key`,
    state: () => countRows(app, apiKeys),
    cases: () => [
      { body: { ...validApiKey(), display_name: x(2) }, detail: messages.atLeastChars('Name', 3) },
      { body: { ...validApiKey(), display_name: x(33) }, detail: messages.atMostChars('Name', 32) },
      { body: { ...validApiKey(), description: x(257) }, detail: messages.atMostChars('Description', 256) },
      { body: { ...validApiKey(), scopes: [] }, detail: messages.atLeastOneSelection('Scopes') },
      { body: { ...validApiKey(), scopes: ['write_everything'] }, detail: messages.oneOf('Scope', apiKeyScopes) },
      { body: { ...validApiKey(), scopes: 'read_conversation_store' }, detail: messages.atLeastOneSelection('Scopes') },
      { body: { ...validApiKey(), resource_type: 'project' }, detail: messages.oneOf('Resource Type', ['deployment']) },
      { body: { ...validApiKey(), resource_id: '' }, detail: messages.selected('Deployment') },
      { body: { ...validApiKey(), resource_id: 'not-a-uuid' }, detail: messages.uuid('Resource ID') },
      { body: { ...validApiKey(), resource_id: otherTree.deployment.id }, detail: 'Resource ID must be a deployment of this workspace.' },
      { body: { ...validApiKey(), resource_id: crypto.randomUUID() }, detail: 'Resource ID must be a deployment of this workspace.' },
      { body: { ...validApiKey(), expires_at: 'tomorrow' }, detail: 'Expiration must be a valid date' },
      { body: { ...validApiKey(), expires_at: '2020-01-01T00:00:00Z' }, detail: messages.inFuture('Expiration') },
      { body: { ...validApiKey(), key: 'ack_mine' }, detail: unknownField('key') },
    ],
  },
  {
    route: 'PUT /api-key/{id}',
    method: 'PUT',
    url: () => `/api/v1/api-key/${apiKeyId}`,
    state: async () => (await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKeyId)))[0],
    cases: () => [
      { body: { description: x(257), status: 'active' }, detail: messages.atMostChars('Description', 256) },
      { body: { description: '', status: 'paused' }, detail: messages.oneOf('Status', ['active', 'inactive']) },
      { body: { description: '', status: 'active', expires_at: null }, detail: unknownField('expires_at') },
    ],
  },
  {
    route: 'POST /support',
    method: 'POST',
    url: () => '/api/v1/support',
    state: () => countRows(app, supportMessages),
    cases: () => [
      { body: { message: x(7) }, detail: messages.atLeastChars('Message', 8) },
      { body: { message: x(512) }, detail: messages.atMostChars('Message', 511) },
      { body: { message: 12345678 }, detail: messages.atLeastChars('Message', 8) },
    ],
  },
];

let userCount = 0;
beforeAll(async () => {
  userCount = await countRows(app, users);
});

describe('e-mail fields', () => {
  /** Every route that takes an e-mail, with a body that is valid but for the e-mail. */
  const emailRoutes: { route: string; method: 'POST' | 'PUT'; url: () => string; body: (email: unknown) => object }[] = [
    { route: 'POST /login/password', method: 'POST', url: () => '/api/v1/login/password', body: (email) => ({ email, password: STRONG_PASSWORD }) },
    { route: 'POST /login/forgot', method: 'POST', url: () => '/api/v1/login/forgot', body: (email) => ({ email }) },
    { route: 'POST /login/mfa', method: 'POST', url: () => '/api/v1/login/mfa', body: (email) => ({ email, token_code: '123456' }) },
    {
      route: 'POST /login/reset',
      method: 'POST',
      url: () => '/api/v1/login/reset',
      body: (email) => ({ email, token_code: '123456', password: STRONG_PASSWORD, password_validator: STRONG_PASSWORD }),
    },
    {
      route: 'POST /login/invite',
      method: 'POST',
      url: () => '/api/v1/login/invite',
      body: (email) => ({ email, token_code: '123456', password: STRONG_PASSWORD, password_validator: STRONG_PASSWORD, agree_tos: true }),
    },
    { route: 'POST /user', method: 'POST', url: () => '/api/v1/user', body: (email) => ({ display_name: 'New Person', email }) },
    {
      route: 'PUT /user/{id}/privilege',
      method: 'PUT',
      url: () => `/api/v1/user/${target.id}/privilege`,
      body: (email) => ({ status: 'active', email, is_super_user: false, is_mfa_enabled: false }),
    },
    { route: 'POST /workspace/{id}/membership', method: 'POST', url: () => `/api/v1/workspace/${tree.workspace.id}/membership`, body: (email) => ({ email }) },
    { route: 'POST /project/{id}/membership', method: 'POST', url: () => `/api/v1/project/${tree.project.id}/membership`, body: (email) => ({ email }) },
  ];
  // White space alone, or around too little, is too short once trimmed (each route says its own minimum).
  const tooShort = ['   ', '  x'];
  const notAnAddress = [
    'a\r\nx-injected: 1',
    'person@example.com\r\nBcc: everyone@example.com',
    'person at example.com',
    'person@localhost',
  ];

  for (const route of emailRoutes) {
    it(`${route.route}: counts the trimmed address, and takes only a real address, never a line break`, async () => {
      const state = async () => ({ user: await userState(), users: await countRows(app, users), members: await countRows(app, workspaceMemberships) });
      const before = await state();
      for (const email of tooShort) {
        const body = expectError(await call(app, route.method, route.url(), token, route.body(email)), 400);
        expect(body.detail).toMatch(/^Email must be at least \d characters$/);
      }
      for (const email of notAnAddress) {
        expectError(await call(app, route.method, route.url(), token, route.body(email)), 400, messages.emailAddress('Email'));
      }
      expect(await state()).toEqual(before);
    });
  }

  it('stores a pasted address without its surrounding white space, lowercased', async () => {
    const email = `Pasted-${Date.now()}@Example.com`;
    const created = await call(app, 'POST', '/api/v1/user', token, { display_name: 'Pasted Person', email: `  ${email}\t` });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ email: string }>().email).toBe(email.toLowerCase());
    // The limit counts the address, not the white space around it.
    const longest = `${x(243)}@example.com`;
    expect(longest).toHaveLength(255);
    const long = await call(app, 'POST', '/api/v1/user', token, { display_name: 'Long Person', email: ` ${longest} ` });
    expect(long.statusCode).toBe(201);
    // The other tests count the users there were before.
    for (const made of [created, long]) await call(app, 'DELETE', `/api/v1/user/${made.json<{ id: string }>().id}`, token);
  });
});

describe('bad input on every write route', () => {
  for (const route of routes) {
    it(`${route.route}: 400 with the contracts' message, nothing written`, async () => {
      const before = await route.state();
      for (const bad of route.cases()) {
        const response = await call(app, route.method, route.url(), token, bad.body);
        expectError(response, 400, bad.detail);
      }
      expect(await route.state()).toEqual(before);
    });
  }

  it('bodies that are not JSON objects are 400', async () => {
    const before = await countRows(app, workspaces);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/workspace',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"display_name": ',
    });
    expectError(notJson, 400, 'Body is not valid JSON.');
    const jsonString = await app.inject({
      method: 'POST',
      url: '/api/v1/workspace',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '"a string"',
    });
    expectError(jsonString, 400, 'Body must be a JSON object');
    expect(await countRows(app, workspaces)).toBe(before);
  });

  it('accepts names exactly at the bounds (3 and 128 characters) and support messages of 8 and 511', async () => {
    const before = await countRows(app, workspaces);
    for (const name of [x(3), x(128)]) {
      expect((await call(app, 'POST', '/api/v1/workspace', token, { display_name: name, description: x(255) })).statusCode).toBe(201);
    }
    expect(await countRows(app, workspaces)).toBe(before + 2);
    for (const message of [x(8), x(511)]) {
      expect((await call(app, 'POST', '/api/v1/support', token, { message })).statusCode).toBe(201);
    }
    expect((await call(app, 'POST', `/api/v1/workspace/${tree.workspace.id}/api-key`, token, { ...validApiKey(), display_name: x(32), description: x(256) })).statusCode).toBe(201);
  });

  it('malformed ids in the path are 400 before anything is looked up', async () => {
    const bad = ['not-a-uuid', '1%27%20or%20%271%27=%271', '123', `${tree.workspace.id}x`];
    const paths: ((id: string) => ['GET' | 'PUT' | 'DELETE', string])[] = [
      (id: string) => ['GET', `/api/v1/user/${id}`],
      (id: string) => ['PUT', `/api/v1/user/${id}/privilege`],
      (id: string) => ['DELETE', `/api/v1/user/${id}`],
      (id: string) => ['GET', `/api/v1/workspace/${id}`],
      (id: string) => ['DELETE', `/api/v1/workspace/${id}`],
      (id: string) => ['GET', `/api/v1/workspace/${id}/project`],
      (id: string) => ['GET', `/api/v1/project/${id}`],
      (id: string) => ['DELETE', `/api/v1/project/${id}`],
      (id: string) => ['GET', `/api/v1/workspace/${id}/membership`],
      (id: string) => ['GET', `/api/v1/workspace/${id}/api-key`],
      (id: string) => ['DELETE', `/api/v1/api-key/${id}`],
    ];
    for (const id of bad) {
      for (const path of paths) {
        const [method, url] = path(id);
        expectError(await call(app, method, url, token), 400, 'Id must be a valid UUID.');
      }
      expectError(
        await call(app, 'DELETE', `/api/v1/workspace/${tree.workspace.id}/membership/${id}`, token),
        400,
        'Membership Id must be a valid UUID.',
      );
    }
    // Well-formed but unknown: 404.
    expectError(await call(app, 'GET', `/api/v1/workspace/${crypto.randomUUID()}`, token), 404);
    expectError(await call(app, 'GET', `/api/v1/user/${crypto.randomUUID()}`, token), 404);
  });

  it('values PostgreSQL cannot store are 400, never 500, and nothing is written', async () => {
    const before = await countRows(app, workspaces);
    expectError(await call(app, 'POST', '/api/v1/workspace', token, { display_name: 'ab\u0000cd' }), 400, 'Text must not contain NUL characters.');
    expectError(await call(app, 'POST', '/api/v1/user', token, { display_name: 'Nul\u0000Person', email: 'nul@example.com' }), 400);
    expectError(await call(app, 'GET', '/api/v1/workspace?display_name__like=a%00b', token), 400, 'Text must not contain NUL characters.');
    expectError(await call(app, 'GET', '/api/v1/workspace?updated_at__gte=%2B275760-09-13', token), 400, 'A value is out of range or not valid.');
    expect(await countRows(app, workspaces)).toBe(before);
    expect(await countRows(app, users)).toBe(userCount);
  });

  it('bad list queries are 400 with the contracts message', async () => {
    const list = (query: string) => call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}/api-key?${query}`, token);
    expectError(await list('sort_field=key_hash'), 400, messages.oneOf('Sort Field', ['display_name', 'status', 'expires_at', 'updated_at', 'created_at']));
    expectError(await list('sort_direction=up'), 400, messages.oneOf('Sort Direction', ['ascending', 'descending']));
    expectError(await list('key_hash__eq=abc'), 400);
    expectError(await list('display_name__gte=abc'), 400, messages.oneOf('Comparator of display_name', ['like', 'eq']));
    expectError(await list('status__eq=paused'), 400, messages.oneOf('status', ['active', 'inactive']));
    expectError(await list('expires_at__gte=yesterday'), 400, 'expires_at must be a valid date');
    expectError(await list('limit=0'), 400, messages.notLessThan('Limit', 1));
    expectError(await list('limit=101'), 400, messages.notGreaterThan('Limit', 100));
    expectError(await list('offset=-1'), 400, messages.notLessThan('Offset', 0));
    expectError(await list('tz=Mars/Base'), 400, 'Tz must be a valid time zone: Mars/Base');
    expect((await list('tz=Europe/Berlin')).statusCode).toBe(200);
  });
});

/** The same schemas that refuse bad input document the routes at /api/docs. */
interface Operation {
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  responses: Record<string, unknown>;
}

describe('/api/docs', () => {
  it('documents the administration routes with their parameters and answers per status', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    for (const path of [
      '/api/v1/user',
      '/api/v1/user/{id}/privilege',
      '/api/v1/workspace/{id}',
      '/api/v1/workspace/{id}/project',
      '/api/v1/project/{id}',
      '/api/v1/workspace/{id}/membership/{membershipId}',
      '/api/v1/workspace/{id}/api-key',
      '/api/v1/api-key/{id}',
      '/api/v1/support',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    const list = paths['/api/v1/workspace/{id}/api-key']!.get!;
    const names = list.parameters!.map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['id', 'limit', 'offset', 'sort_field', 'sort_direction', 'tz', 'display_name__like', 'status__neq', 'expires_at__gte']));
    expect(list.parameters!.find((parameter) => parameter.name === 'sort_field')?.schema?.enum).toContain('expires_at');
    expect(Object.keys(paths['/api/v1/workspace/{id}/api-key']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404']));
    expect(Object.keys(paths['/api/v1/api-key/{id}']!.delete!.responses)).toContain('204');
  });

  it('documents the knowledge routes, the import as the multipart form it reads', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation & { requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> } }>> }>().paths;
    for (const path of ['/api/v1/project/{id}/source', '/api/v1/source/{id}/pull', '/api/v1/content/{id}/response', '/api/v1/project/{id}/content/utterances', '/api/v1/intent/{id}', '/api/v1/slot/{id}', '/api/v1/util/convert-pm-to-kb', '/api/v1/project/{id}/archive', '/api/v1/project/{id}/clone']) {
      expect(paths[path], path).toBeDefined();
    }
    const form = paths['/api/v1/workspace/{id}/project/import']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(form.properties.file).toMatchObject({ format: 'binary' });
    expect(Object.keys(form.properties)).toEqual(['file', 'display_name']);
    const contentList = paths['/api/v1/project/{id}/content']!.get!.parameters!.map((parameter) => parameter.name);
    expect(contentList).toEqual(expect.arrayContaining(['subject__like', 'status__eq', 'num_response_words__gte']));
  });
});
