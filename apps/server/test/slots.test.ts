import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { slotMessages, messages, type Slot, type ListResponse } from '@console/contracts';
import { slots } from '../src/db/schema/index';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let app: FastifyInstance;
let admin: SignedIn;
let editor: SignedIn;
let viewer: SignedIn;
let outsider: SignedIn;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  [admin, editor, viewer, outsider] = await Promise.all([createSignedInUser(app), createSignedInUser(app), createSignedInUser(app), createSignedInUser(app)]);
  await createWorkspaceTree(app, [{ user: outsider.user, role: 'admin' }], 'Elsewhere');
});

async function freshProject() {
  const tree = await createWorkspaceTree(app, [
    { user: admin.user, role: 'admin' },
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  return tree.project.id;
}

const create = (projectId: string, body: unknown, token: string = editor.token) => call(app, 'POST', `/api/v1/project/${projectId}/slot`, token, body);
async function created(projectId: string, name: string, terms: string[]) {
  const response = await create(projectId, { name, terms });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Slot>();
}
const stored = (id: string) => app.ctx.db.select().from(slots).where(eq(slots.id, id)).then((rows) => rows[0]);

describe('slots', () => {
  it('creates, reads, updates and deletes a slot, with names and terms trimmed', async () => {
    const projectId = await freshProject();
    const slot = await created(projectId, ' colour ', [' red ', 'dark blue']);
    expect(slot).toMatchObject({ project_id: projectId, name: 'colour', terms: ['red', 'dark blue'] });
    expect(await stored(slot.id)).toMatchObject({ projectId, name: 'colour', terms: ['red', 'dark blue'] });
    expect((await call(app, 'GET', `/api/v1/slot/${slot.id}`, viewer.token)).json()).toEqual(slot);

    const updated = await call(app, 'PUT', `/api/v1/slot/${slot.id}`, editor.token, { name: 'Colour', terms: ['green'] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Slot>()).toMatchObject({ id: slot.id, name: 'Colour', terms: ['green'], created_at: slot.created_at });
    expect(await stored(slot.id)).toMatchObject({ name: 'Colour', terms: ['green'] });

    expect((await call(app, 'DELETE', `/api/v1/slot/${slot.id}`, admin.token)).statusCode).toBe(204);
    expect(await stored(slot.id)).toBeUndefined();
    expectError(await call(app, 'GET', `/api/v1/slot/${slot.id}`, admin.token), 404);
  });

  it("lists a project's slots with paging, sorting and filters", async () => {
    const projectId = await freshProject();
    const other = await freshProject();
    await created(other, 'elsewhere', ['not here']);
    for (const name of ['shoe size', 'Brand', 'colour']) await created(projectId, name, [`about ${name}`]);
    const page = async (query: string) => {
      const response = await call(app, 'GET', `/api/v1/project/${projectId}/slot${query}`, viewer.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListResponse<Slot>>();
    };
    const all = await page('?sort_field=name&sort_direction=ascending');
    expect(all.total).toBe(3);
    expect(all.records.map((record) => record.name)).toEqual(['Brand', 'colour', 'shoe size']);
    const second = await page('?sort_field=name&sort_direction=ascending&limit=1&offset=1');
    expect([second.total, second.records.map((record) => record.name)]).toEqual([3, ['colour']]);
    expect((await page('?name__like=O')).records.map((record) => record.name).sort()).toEqual(['colour', 'shoe size']);
    expect((await page('?name__eq=colour')).total).toBe(1);
    expect((await page(`?updated_at__gte=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/slot?sort_field=terms`, viewer.token), 400);
  });

  it('refuses invalid bodies with the spec messages and writes nothing', async () => {
    const projectId = await freshProject();
    const existing = await created(projectId, 'colour', ['red']);
    const long = (n: number) => 'x'.repeat(n);
    const cases: [unknown, string][] = [
      [{ name: '', terms: ['red'] }, messages.atLeastChars('Name', 1)],
      [{ name: '   ', terms: ['red'] }, messages.atLeastChars('Name', 1)],
      [{ terms: ['red'] }, messages.atLeastChars('Name', 1)],
      [{ name: long(65), terms: ['red'] }, messages.atMostChars('Name', 64)],
      [{ name: long(64), terms: [long(256)] }, messages.atMostChars('Term', 255)],
      [{ name: 'size', terms: [] }, slotMessages.termRequired],
      [{ name: 'size' }, slotMessages.termRequired],
      [{ name: 'size', terms: [''] }, messages.atLeastChars('Term', 1)],
      [{ name: 'size', terms: [long(256)] }, messages.atMostChars('Term', 255)],
      [{ name: 'size', terms: ['Large', ' large '] }, slotMessages.termsUnique],
      [{ name: 'size', terms: ['large'], colour: 'red' }, 'colour is not an accepted field'],
    ];
    const before = await countRows(app, slots);
    for (const [body, detail] of cases) {
      expectError(await create(projectId, body), 400, detail);
      expectError(await call(app, 'PUT', `/api/v1/slot/${existing.id}`, editor.token, body), 400, detail);
    }
    expect(await countRows(app, slots)).toBe(before);
    expect(await stored(existing.id)).toMatchObject({ name: 'colour', terms: ['red'] });
  });

  it('keeps names unique in a project regardless of case (409), but not across projects', async () => {
    const projectId = await freshProject();
    const colour = await created(projectId, 'colour', ['red']);
    const size = await created(projectId, 'size', ['large']);
    expectError(await create(projectId, { name: 'COLOUR', terms: ['pink'] }), 409, slotMessages.nameTaken);
    expectError(await call(app, 'PUT', `/api/v1/slot/${size.id}`, editor.token, { name: 'Colour ', terms: ['large'] }), 409, slotMessages.nameTaken);
    expect(await stored(size.id)).toMatchObject({ name: 'size' });
    // Renaming a slot to its own name in another case is no conflict.
    expect((await call(app, 'PUT', `/api/v1/slot/${colour.id}`, editor.token, { name: 'Colour', terms: ['red'] })).statusCode).toBe(200);
    await created(await freshProject(), 'colour', ['red']);
  });

  it('reads for every member, writes for editors, deletes for admins; other workspaces get 404', async () => {
    const projectId = await freshProject();
    const slot = await created(projectId, 'colour', ['red']);
    const body = { name: 'size', terms: ['large'] };
    const before = await countRows(app, slots);
    expectError(await create(projectId, body, viewer.token), 403);
    expectError(await call(app, 'PUT', `/api/v1/slot/${slot.id}`, viewer.token, body), 403);
    expectError(await call(app, 'DELETE', `/api/v1/slot/${slot.id}`, editor.token), 403);
    for (const [method, url] of [
      ['GET', `/api/v1/project/${projectId}/slot`],
      ['POST', `/api/v1/project/${projectId}/slot`],
      ['GET', `/api/v1/slot/${slot.id}`],
      ['PUT', `/api/v1/slot/${slot.id}`],
      ['DELETE', `/api/v1/slot/${slot.id}`],
    ] as const) {
      expectError(await call(app, method, url, outsider.token, method === 'POST' || method === 'PUT' ? body : undefined), 404);
    }
    expect(await countRows(app, slots)).toBe(before);
    expect(await stored(slot.id)).toMatchObject({ name: 'colour', terms: ['red'] });
    expectError(await call(app, 'GET', '/api/v1/slot/00000000-0000-4000-8000-000000000000', admin.token), 404);
    expectError(await call(app, 'GET', '/api/v1/slot/colour', admin.token), 400, 'Id must be a valid UUID.');
  });
});
