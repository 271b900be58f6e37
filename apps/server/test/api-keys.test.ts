import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  API_KEY_HINT_LENGTH,
  API_KEY_PREFIX,
  type ApiKey,
  type CreatedApiKey,
  type ListResponse,
  type WorkspaceDeployment,
} from '@console/contracts';
import { apiKeys, deployments, projects } from '../src/db/schema/index';
import { verifyApiKey } from '../src/modules/api-key/service';
import { sha256 } from '../src/platform/secrets';
import { call, createClock, tokenFor, createSignedInUser, createTestApp, createWorkspaceTree, openTestDatabase, type TestClock } from './helper';

let app: FastifyInstance;
let clock: TestClock;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let tree: Awaited<ReturnType<typeof createWorkspaceTree>>;

beforeAll(async () => {
  clock = createClock();
  app = await createTestApp(await openTestDatabase(), { clock });
  admin = await createSignedInUser(app);
  tree = await createWorkspaceTree(app, [{ user: admin.user, role: 'admin' }]);
});

async function createKey(body: Record<string, unknown> = {}) {
  const response = await call(app, 'POST', `/api/v1/workspace/${tree.workspace.id}/api-key`, admin.token, {
    display_name: 'Reporting',
    description: 'For the BI tool',
    scopes: ['read_conversation_store'],
    resource_type: 'deployment',
    resource_id: tree.deployment.id,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiKey>();
}

describe('API keys', () => {
  it('answers the key once; only its hash and hint are stored', async () => {
    const created = await createKey({ expires_at: '' });
    expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created).toMatchObject({ status: 'active', expires_at: null, hint: created.key.slice(-API_KEY_HINT_LENGTH), resource_id: tree.deployment.id });

    const [row] = await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(API_KEY_PREFIX.length, -API_KEY_HINT_LENGTH));

    const listed = await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}/api-key`, admin.token);
    expect(listed.body).not.toContain(created.key);
    const record = listed.json<{ records: ApiKey[] }>().records.find((item) => item.id === created.id);
    expect(record).toBeDefined();
    expect(record).not.toHaveProperty('key');
  });

  it('updates description and status', async () => {
    const created = await createKey();
    const updated = await call(app, 'PUT', `/api/v1/api-key/${created.id}`, admin.token, { description: 'Paused', status: 'inactive' });
    expect(updated.json()).toMatchObject({ id: created.id, description: 'Paused', status: 'inactive', hint: created.hint });
    expect(updated.json()).not.toHaveProperty('key');
  });

  it('deletes', async () => {
    const created = await createKey();
    expect((await call(app, 'DELETE', `/api/v1/api-key/${created.id}`, admin.token)).statusCode).toBe(204);
    expect((await call(app, 'DELETE', `/api/v1/api-key/${created.id}`, admin.token)).statusCode).toBe(404);
    expect(await verifyApiKey(app.ctx, created.key)).toBeNull();
  });
});

describe("a workspace's deployments, to choose the one a key reads", () => {
  it('lists the deployments of every project of the workspace with their project, and no other workspace\'s', async () => {
    const [second] = await app.ctx.db.insert(projects).values({ workspaceId: tree.workspace.id, displayName: 'Billing Desk' }).returning();
    const [staging] = await app.ctx.db
      .insert(deployments)
      .values({ projectId: second!.id, displayName: 'Staging', key: randomUUID() })
      .returning();
    const elsewhere = await createWorkspaceTree(app, [{ user: admin.user, role: 'admin' }], 'Elsewhere');

    const response = await call(
      app,
      'GET',
      `/api/v1/workspace/${tree.workspace.id}/deployment?sort_field=project_display_name&sort_direction=ascending`,
      admin.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { records, total } = response.json<ListResponse<WorkspaceDeployment>>();
    expect(total).toBe(2);
    expect(records).toEqual([
      { id: tree.deployment.id, display_name: 'Production', project_id: tree.project.id, project_display_name: 'Acme Help' },
      { id: staging!.id, display_name: 'Staging', project_id: second!.id, project_display_name: 'Billing Desk' },
    ]);
    expect(response.body).not.toContain(elsewhere.deployment.id);
    expect(response.body).not.toContain(tree.deployment.key);

    const filtered = await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}/deployment?project_display_name__like=billing`, admin.token);
    expect(filtered.json<ListResponse<WorkspaceDeployment>>().records.map((record) => record.id)).toEqual([staging!.id]);
  });
});

describe('verifyApiKey', () => {
  it('accepts an active, unexpired key and nothing else', async () => {
    const expiry = new Date(clock.now().getTime() + 60 * 60 * 1000);
    const created = await createKey({ expires_at: expiry.toISOString() });
    expect((await verifyApiKey(app.ctx, created.key))?.id).toBe(created.id);

    expect(await verifyApiKey(app.ctx, `${created.key.slice(0, -1)}${created.key.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await verifyApiKey(app.ctx, created.key.slice(API_KEY_PREFIX.length))).toBeNull();
    expect(await verifyApiKey(app.ctx, '')).toBeNull();

    // Expired: the clock passes the expiry.
    clock.advance(60 * 60 * 1000);
    expect(await verifyApiKey(app.ctx, created.key)).toBeNull();
    // The hour also outlived the access token.
    admin.token = await tokenFor(app, admin.user);
  });

  it('refuses an inactive key, and accepts it again when reactivated', async () => {
    const created = await createKey();
    await call(app, 'PUT', `/api/v1/api-key/${created.id}`, admin.token, { description: '', status: 'inactive' });
    expect(await verifyApiKey(app.ctx, created.key)).toBeNull();
    await call(app, 'PUT', `/api/v1/api-key/${created.id}`, admin.token, { description: '', status: 'active' });
    expect((await verifyApiKey(app.ctx, created.key))?.id).toBe(created.id);
  });
});
