import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ApiKey, Membership, Workspace } from '@console/contracts';
import { apiKeys } from '../src/db/schema/index';
import { escapeLike } from '../src/platform/listing';
import { sha256 } from '../src/platform/secrets';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, openTestDatabase } from './helper';

/** The list contract (platform/listing.ts) through real routes, against a known set of rows. */

let app: FastifyInstance;
let token: string;
let workspaceId: string;

const day = (n: number) => new Date(Date.UTC(2030, 0, n));
/** name, status, expiry (day of January 2030 or never), updated (day of January 2026). */
const rows = [
  ['Alpha', 'active', 10, 1],
  ['beta', 'inactive', null, 2],
  ['100% done', 'active', 20, 3],
  ['100 percent', 'active', 5, 4],
  ['under_score', 'inactive', 15, 5],
  ['underXscore', 'active', null, 6],
  ['back\\slash', 'active', 25, 7],
  ['Gamma', 'active', 30, 8],
] as const;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  const admin = await createSignedInUser(app);
  token = admin.token;
  const tree = await createWorkspaceTree(app, [{ user: admin.user, role: 'admin' }]);
  workspaceId = tree.workspace.id;
  for (const [name, status, expires, updated] of rows) {
    const at = new Date(Date.UTC(2026, 0, updated));
    await app.ctx.db.insert(apiKeys).values({
      workspaceId,
      displayName: name,
      description: `About ${name}`,
      status,
      keyHash: sha256(randomUUID()),
      hint: 'abcd',
      scopes: ['read_conversation_store'],
      resourceType: 'deployment',
      resourceId: tree.deployment.id,
      expiresAt: expires === null ? null : day(expires),
      createdAt: at,
      updatedAt: at,
    });
  }
  // Another workspace's keys never show up.
  const other = await createWorkspaceTree(app, [], 'Other');
  await app.ctx.db.insert(apiKeys).values({
    workspaceId: other.workspace.id,
    displayName: 'Alpha elsewhere',
    keyHash: sha256(randomUUID()),
    hint: 'zzzz',
    scopes: ['read_conversation_store'],
    resourceType: 'deployment',
    resourceId: other.deployment.id,
  });
});

async function list(query: Record<string, string>) {
  const response = await call(app, 'GET', `/api/v1/workspace/${workspaceId}/api-key?${new URLSearchParams(query)}`, token);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ records: ApiKey[]; total: number }>();
  return { total: body.total, names: body.records.map((record) => record.display_name) };
}

describe('list contract', () => {
  it('defaults to 10 rows by updated_at descending, with the total', async () => {
    expect(await list({})).toEqual({ total: 8, names: rows.map((row) => row[0]).reverse() });
  });

  it('pages with limit and offset; pages do not overlap', async () => {
    const sort = { sort_field: 'display_name', sort_direction: 'ascending' };
    const first = await list({ ...sort, limit: '3' });
    const second = await list({ ...sort, limit: '3', offset: '3' });
    const third = await list({ ...sort, limit: '3', offset: '6' });
    expect(first.total).toBe(8);
    expect([...first.names, ...second.names, ...third.names]).toEqual([
      '100 percent',
      '100% done',
      'Alpha',
      'back\\slash',
      'beta',
      'Gamma',
      'under_score',
      'underXscore',
    ]);
    expect(await list({ ...sort, offset: '100' })).toEqual({ total: 8, names: [] });
  });

  it('sorts text case-insensitively, descending too', async () => {
    const { names } = await list({ sort_field: 'display_name', sort_direction: 'descending', limit: '4' });
    expect(names).toEqual(['underXscore', 'under_score', 'Gamma', 'beta']);
  });

  it('a field ending in _at sorts descending by default; never-expiring keys sort as the latest', async () => {
    const { names } = await list({ sort_field: 'expires_at' });
    expect(names.slice(0, 2).sort()).toEqual(['beta', 'underXscore']);
    expect(names.slice(2)).toEqual(['Gamma', 'back\\slash', '100% done', 'under_score', 'Alpha', '100 percent']);
  });

  it('like is a case-insensitive contains, with %, _ and \\ taken literally', async () => {
    expect((await list({ display_name__like: 'ALP' })).names).toEqual(['Alpha']);
    expect((await list({ display_name__like: '%' })).names).toEqual(['100% done']);
    expect((await list({ display_name__like: '_' })).names).toEqual(['under_score']);
    expect((await list({ display_name__like: '\\' })).names).toEqual(['back\\slash']);
    expect((await list({ display_name__like: '100' })).total).toBe(2);
    expect((await list({ description__like: 'about g' })).names).toEqual(['Gamma']);
  });

  it('eq, neq, gte and lte; filters combine with AND', async () => {
    expect((await list({ display_name__eq: 'beta' })).names).toEqual(['beta']);
    expect((await list({ display_name__eq: 'Beta' })).names).toEqual([]);
    expect((await list({ status__eq: 'inactive' })).total).toBe(2);
    expect((await list({ status__neq: 'inactive' })).total).toBe(6);
    // Dates compare as timestamps, in any ISO form.
    expect((await list({ expires_at__gte: '2030-01-20T00:00:00Z', sort_field: 'expires_at', sort_direction: 'ascending' })).names).toEqual([
      '100% done',
      'back\\slash',
      'Gamma',
    ]);
    // Inclusive bound, offset honoured: 01:00+01:00 is Alpha's expiry exactly.
    expect((await list({ expires_at__lte: '2030-01-10T01:00:00+01:00' })).names).toEqual(['100 percent', 'Alpha']);
    expect((await list({ updated_at__gte: '2026-01-03', updated_at__lte: '2026-01-05', status__eq: 'active' })).names).toEqual(['100 percent', '100% done']);
  });

  it('accepts tz (kept for date bucketing)', async () => {
    expect((await list({ tz: 'America/New_York' })).total).toBe(8);
  });

  it('escapeLike escapes exactly the LIKE metacharacters', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike("plain 'text'")).toBe("plain 'text'");
  });
});

describe('lists of other routes', () => {
  it('memberships filter on the joined user fields and the role', async () => {
    const member = await createSignedInUser(app, { displayName: 'Zelda Member', email: `zelda-${randomUUID().slice(0, 6)}@example.com` });
    const owner = await createSignedInUser(app);
    const tree = await createWorkspaceTree(app, [
      { user: owner.user, role: 'admin' },
      { user: member.user, role: 'editor' },
    ]);
    const query = (q: string) => call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}/membership?${q}`, owner.token);
    const byEmail = (await query('email__like=ZELDA')).json<{ records: Membership[]; total: number }>();
    expect(byEmail.total).toBe(1);
    expect(byEmail.records[0]).toMatchObject({ user_id: member.user.id, display_name: 'Zelda Member', role: 'editor' });
    expect((await query('role__eq=admin')).json<{ records: Membership[] }>().records.map((row) => row.user_id)).toEqual([owner.user.id]);
    expect((await query('sort_field=display_name&sort_direction=descending')).json<{ records: Membership[] }>().records[0]?.user_id).toBe(member.user.id);
  });

  it('workspaces: members see theirs with their role; super users see all, role null where not a member', async () => {
    const member = await createSignedInUser(app);
    const root = await createSignedInUser(app, { isSuperUser: true });
    const name = `Only ${randomUUID().slice(0, 6)}`;
    const mine = await createWorkspaceTree(app, [{ user: member.user, role: 'editor' }], name);
    const theirs = await createWorkspaceTree(app, [], `${name} hidden`);
    const asMember = (await call(app, 'GET', '/api/v1/workspace?limit=100', member.token)).json<{ records: Workspace[]; total: number }>();
    expect(asMember.total).toBe(1);
    expect(asMember.records[0]).toMatchObject({ id: mine.workspace.id, role: 'editor' });
    const asRoot = (await call(app, 'GET', `/api/v1/workspace?display_name__like=${encodeURIComponent(name)}`, root.token)).json<{
      records: Workspace[];
      total: number;
    }>();
    expect(asRoot.total).toBe(2);
    expect(asRoot.records.map((row) => [row.id, row.role]).sort()).toEqual([[mine.workspace.id, null], [theirs.workspace.id, null]].sort());
  });
});
