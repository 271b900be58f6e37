import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { intentMessages, messages, type Intent, type ListResponse } from '@console/contracts';
import { intents } from '../src/db/schema/index';
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

const create = (projectId: string, body: unknown, token: string = editor.token) => call(app, 'POST', `/api/v1/project/${projectId}/intent`, token, body);
async function created(projectId: string, intent: string, utterances: string[]) {
  const response = await create(projectId, { intent, utterances });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Intent>();
}
const stored = (id: string) => app.ctx.db.select().from(intents).where(eq(intents.id, id)).then((rows) => rows[0]);

describe('intents', () => {
  it('creates, reads, updates and deletes an intent, with names and utterances trimmed', async () => {
    const projectId = await freshProject();
    const intent = await created(projectId, ' greeting ', [' hello ', 'hi there']);
    expect(intent).toMatchObject({ project_id: projectId, intent: 'greeting', utterances: ['hello', 'hi there'] });
    expect(await stored(intent.id)).toMatchObject({ projectId, intent: 'greeting', utterances: ['hello', 'hi there'] });
    expect((await call(app, 'GET', `/api/v1/intent/${intent.id}`, viewer.token)).json()).toEqual(intent);

    const updated = await call(app, 'PUT', `/api/v1/intent/${intent.id}`, editor.token, { intent: 'Greeting', utterances: ['good morning'] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Intent>()).toMatchObject({ id: intent.id, intent: 'Greeting', utterances: ['good morning'], created_at: intent.created_at });
    expect(await stored(intent.id)).toMatchObject({ intent: 'Greeting', utterances: ['good morning'] });

    expect((await call(app, 'DELETE', `/api/v1/intent/${intent.id}`, admin.token)).statusCode).toBe(204);
    expect(await stored(intent.id)).toBeUndefined();
    expectError(await call(app, 'GET', `/api/v1/intent/${intent.id}`, admin.token), 404);
  });

  it("lists a project's intents with paging, sorting and filters", async () => {
    const projectId = await freshProject();
    const other = await freshProject();
    await created(other, 'elsewhere', ['not here']);
    for (const name of ['order status', 'Cancel order', 'greeting']) await created(projectId, name, [`about ${name}`]);
    const page = async (query: string) => {
      const response = await call(app, 'GET', `/api/v1/project/${projectId}/intent${query}`, viewer.token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListResponse<Intent>>();
    };
    const all = await page('?sort_field=intent&sort_direction=ascending');
    expect(all.total).toBe(3);
    expect(all.records.map((record) => record.intent)).toEqual(['Cancel order', 'greeting', 'order status']);
    const second = await page('?sort_field=intent&sort_direction=ascending&limit=1&offset=1');
    expect([second.total, second.records.map((record) => record.intent)]).toEqual([3, ['greeting']]);
    expect((await page('?intent__like=ORDER')).records.map((record) => record.intent).sort()).toEqual(['Cancel order', 'order status']);
    expect((await page('?intent__eq=greeting')).total).toBe(1);
    expect((await page(`?updated_at__gte=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
    expectError(await call(app, 'GET', `/api/v1/project/${projectId}/intent?sort_field=utterances`, viewer.token), 400);
  });

  it('refuses invalid bodies with the spec messages and writes nothing', async () => {
    const projectId = await freshProject();
    const existing = await created(projectId, 'greeting', ['hello']);
    const long = (n: number) => 'x'.repeat(n);
    const cases: [unknown, string][] = [
      [{ intent: '', utterances: ['hello'] }, messages.atLeastChars('Name', 1)],
      [{ intent: '   ', utterances: ['hello'] }, messages.atLeastChars('Name', 1)],
      [{ utterances: ['hello'] }, messages.atLeastChars('Name', 1)],
      [{ intent: long(256), utterances: ['hello'] }, messages.atMostChars('Name', 255)],
      [{ intent: 'farewell', utterances: [] }, intentMessages.utteranceRequired],
      [{ intent: 'farewell' }, intentMessages.utteranceRequired],
      [{ intent: 'farewell', utterances: [''] }, messages.atLeastChars('Utterance', 1)],
      [{ intent: 'farewell', utterances: [long(256)] }, messages.atMostChars('Utterance', 255)],
      [{ intent: 'farewell', utterances: ['Bye', ' bye '] }, intentMessages.utterancesUnique],
      [{ intent: 'farewell', utterances: ['bye'], colour: 'red' }, 'colour is not an accepted field'],
    ];
    const before = await countRows(app, intents);
    for (const [body, detail] of cases) {
      expectError(await create(projectId, body), 400, detail);
      expectError(await call(app, 'PUT', `/api/v1/intent/${existing.id}`, editor.token, body), 400, detail);
    }
    expect(await countRows(app, intents)).toBe(before);
    expect(await stored(existing.id)).toMatchObject({ intent: 'greeting', utterances: ['hello'] });
  });

  it('keeps names unique in a project regardless of case (409), but not across projects', async () => {
    const projectId = await freshProject();
    const greeting = await created(projectId, 'greeting', ['hello']);
    const farewell = await created(projectId, 'farewell', ['bye']);
    expectError(await create(projectId, { intent: 'GREETING', utterances: ['hey'] }), 409, intentMessages.nameTaken);
    expectError(await call(app, 'PUT', `/api/v1/intent/${farewell.id}`, editor.token, { intent: 'Greeting ', utterances: ['bye'] }), 409, intentMessages.nameTaken);
    expect(await stored(farewell.id)).toMatchObject({ intent: 'farewell' });
    // Renaming an intent to its own name in another case is no conflict.
    expect((await call(app, 'PUT', `/api/v1/intent/${greeting.id}`, editor.token, { intent: 'Greeting', utterances: ['hello'] })).statusCode).toBe(200);
    await created(await freshProject(), 'greeting', ['hello']);
  });

  it('reads for every member, writes for editors, deletes for admins; other workspaces get 404', async () => {
    const projectId = await freshProject();
    const intent = await created(projectId, 'greeting', ['hello']);
    const body = { intent: 'farewell', utterances: ['bye'] };
    const before = await countRows(app, intents);
    expectError(await create(projectId, body, viewer.token), 403);
    expectError(await call(app, 'PUT', `/api/v1/intent/${intent.id}`, viewer.token, body), 403);
    expectError(await call(app, 'DELETE', `/api/v1/intent/${intent.id}`, editor.token), 403);
    for (const [method, url] of [
      ['GET', `/api/v1/project/${projectId}/intent`],
      ['POST', `/api/v1/project/${projectId}/intent`],
      ['GET', `/api/v1/intent/${intent.id}`],
      ['PUT', `/api/v1/intent/${intent.id}`],
      ['DELETE', `/api/v1/intent/${intent.id}`],
    ] as const) {
      expectError(await call(app, method, url, outsider.token, method === 'POST' || method === 'PUT' ? body : undefined), 404);
    }
    expect(await countRows(app, intents)).toBe(before);
    expect(await stored(intent.id)).toMatchObject({ intent: 'greeting', utterances: ['hello'] });
    expectError(await call(app, 'GET', '/api/v1/intent/00000000-0000-4000-8000-000000000000', admin.token), 404);
    expectError(await call(app, 'GET', '/api/v1/intent/greeting', admin.token), 400, 'Id must be a valid UUID.');
  });
});
