import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  apiKeys,
  deployments,
  invitations,
  passwordResetRequests,
  projects,
  supportMessages,
  users,
  workspaceMemberships,
  workspaces,
  type UserRow,
} from '../src/db/schema/index';
import { hashPassword } from '../src/platform/passwords';
import { sha256 } from '../src/platform/secrets';
import { STRONG_PASSWORD, call, countRows, createTestApp, createWorkspaceTree, openTestDatabase, tokenFor, uniqueEmail } from './helper';

/**
 * Who may call what. ONE table: a row per route with the expected status for every caller on a
 * resource of their own workspace and of another workspace. Every cell runs on fresh resources.
 *
 * Rule: a caller who may not read a resource gets 404 (its existence is not revealed); one who may
 * read it but not do the action gets 403; super-user-only actions answer 403 to everyone else.
 */

const callers = ['none', 'viewer', 'editor', 'admin', 'super', 'foreign'] as const;
type Caller = (typeof callers)[number];
const targets = ['own', 'other'] as const;
type Target = (typeof targets)[number];
type Expect = Record<Caller, number>;

interface Cell {
  workspaceId: string;
  projectId: string;
  deploymentId: string;
  apiKeyId: string;
  /** A member (viewer) of the target workspace, not one of the callers. */
  member: UserRow;
  membershipId: string;
}

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (cell: Cell) => string;
  body?: (cell: Cell) => unknown;
  write: boolean;
  own: Expect;
  other: Expect;
}

/** Shorthands: everyone but 'none' gets `rest` unless named. */
const e = (rest: number, named: Partial<Expect> = {}): Expect => ({
  none: 401,
  viewer: rest,
  editor: rest,
  admin: rest,
  super: rest,
  foreign: rest,
  ...named,
});
/** Routes whose target does not depend on the workspace: one expectation for both targets. */
const same = (expect: Expect) => ({ own: expect, other: expect });
const superOnly = (ok: number) => same(e(403, { super: ok }));
/** Workspace-scoped: members act by role on their own workspace; elsewhere only the super user may read. */
const scoped = (own: Partial<Expect>, superOther: number) => ({
  own: e(404, { viewer: 403, editor: 403, admin: 403, super: 403, ...own }),
  other: e(404, { super: superOther }),
});
const readRule = { own: e(200, { foreign: 404 }), other: e(404, { super: 200 }) };

const strongPassword = { password: STRONG_PASSWORD, password_validator: STRONG_PASSWORD };
const privilege = (cell: Cell) => ({ status: 'active', email: cell.member.email, is_super_user: false, is_mfa_enabled: false });
const newApiKey = (cell: Cell) => ({
  display_name: 'Reporting',
  scopes: ['read_conversation_store'],
  resource_type: 'deployment',
  resource_id: cell.deploymentId,
});

const table: Row[] = [
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
    body: () => ({ email: outsider.email, role: 'viewer' }),
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

  // Support: every signed-in user.
  {
    route: 'POST /support',
    method: 'POST',
    url: () => '/api/v1/support',
    body: () => ({ message: 'Please help me with this.' }),
    write: true,
    ...same(e(201)),
  },
];

let app: FastifyInstance;
let passwordHash: string;
let outsider: UserRow;
const actors = {} as Record<Exclude<Caller, 'none'>, { user: UserRow; token: string }>;

/** Users inserted with one precomputed hash: the matrix needs hundreds and argon2 is slow on purpose. */
async function fastUser(label: string, isSuperUser = false): Promise<UserRow> {
  const [user] = await app.ctx.db
    .insert(users)
    .values({ email: uniqueEmail(label), displayName: `Matrix ${label}`, passwordHash, isSuperUser })
    .returning();
  return user!;
}

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  passwordHash = await hashPassword(STRONG_PASSWORD);
  for (const caller of ['viewer', 'editor', 'admin', 'foreign'] as const) {
    const user = await fastUser(caller);
    actors[caller] = { user, token: await tokenFor(app, user) };
  }
  const superUser = await fastUser('super', true);
  actors.super = { user: superUser, token: await tokenFor(app, superUser) };
  outsider = await fastUser('outsider');
  // The foreign caller is an admin elsewhere.
  await createWorkspaceTree(app, [{ user: actors.foreign.user, role: 'admin' }], 'Elsewhere');
});

/** Fresh resources for one cell: own = the role callers are members; other = none of them is. */
async function prepare(target: Target): Promise<Cell> {
  const member = await fastUser('member');
  const members = target === 'own'
    ? (['viewer', 'editor', 'admin'] as const).map((role) => ({ user: actors[role].user, role }))
    : [];
  const tree = await createWorkspaceTree(app, [...members, { user: member, role: 'viewer' }]);
  const [key] = await app.ctx.db
    .insert(apiKeys)
    .values({
      workspaceId: tree.workspace.id,
      displayName: 'Existing',
      keyHash: sha256(randomUUID()),
      hint: 'abcd',
      scopes: ['read_conversation_store'],
      resourceType: 'deployment',
      resourceId: tree.deployment.id,
    })
    .returning();
  return {
    workspaceId: tree.workspace.id,
    projectId: tree.project.id,
    deploymentId: tree.deployment.id,
    apiKeyId: key!.id,
    member,
    membershipId: tree.memberships[member.id]!,
  };
}

/** What any route of the table could change: row counts, and the cell's own rows as stored. */
async function fingerprint(cell: Cell): Promise<string> {
  const { db } = app.ctx;
  const tables = [users, workspaces, projects, deployments, workspaceMemberships, apiKeys, invitations, passwordResetRequests, supportMessages];
  const counts = await Promise.all(tables.map((table) => countRows(app, table)));
  const rows = await Promise.all([
    db.select().from(users).where(eq(users.id, cell.member.id)),
    db.select().from(workspaces).where(eq(workspaces.id, cell.workspaceId)),
    db.select().from(apiKeys).where(eq(apiKeys.id, cell.apiKeyId)),
    db.select().from(workspaceMemberships).where(eq(workspaceMemberships.workspaceId, cell.workspaceId)),
  ]);
  return JSON.stringify([counts, rows]);
}

describe('authorization matrix', () => {
  it('states the rules it claims: a viewer never writes to a workspace, a foreign member never reads one', () => {
    for (const row of table) {
      const workspaceScoped = /\/(workspace|project|api-key)\/\{id\}/.test(row.route);
      for (const target of targets) {
        if (row.write && (workspaceScoped || row.route.startsWith('POST /workspace'))) expect(row[target].viewer, `${row.route} viewer`).toBeGreaterThanOrEqual(400);
        if (workspaceScoped) expect(row[target].foreign, `${row.route} foreign`).toBe(404);
        expect(row[target].none, `${row.route} no token`).toBe(401);
      }
    }
  });

  it(`answers every cell as the table says (${table.length} routes x ${callers.length} callers x ${targets.length} targets)`, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const row of table) {
      for (const target of targets) {
        for (const caller of callers) {
          const cell = await prepare(target);
          const token = caller === 'none' ? null : actors[caller].token;
          const expected = row[target][caller];
          const before = expected >= 400 ? await fingerprint(cell) : null;
          const response = await call(app, row.method, row.url(cell), token, row.body?.(cell));
          cells += 1;
          if (response.statusCode !== expected) {
            failures.push(`${row.route} [${caller} on ${target}]: ${response.statusCode} != ${expected} ${response.body.slice(0, 120)}`);
          } else if (before !== null && (await fingerprint(cell)) !== before) {
            // A refused call leaves no trace.
            failures.push(`${row.route} [${caller} on ${target}]: refused with ${expected} but wrote`);
          }
        }
      }
    }
    expect(cells).toBe(table.length * callers.length * targets.length);
    expect(failures).toEqual([]);
  }, 120_000);
});
