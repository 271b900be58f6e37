import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ChatAnswer } from '@console/contracts';
import type { EngineIndex } from '@console/engine';
import type { Database } from '../src/db/client';
import { conversations, events } from '../src/db/schema/index';
import { call, countRows, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, productItems, sync } from './assistant-fixtures';

/** Every question leaves its events: a request, then a response or an error, written in batches. */

const SHOP = 'https://shop.example';
let database: Database;
let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
  editor = await createSignedInUser(app);
  admin = await createSignedInUser(app);
});

// The test apps share one database driver: a spy on it must not outlive its test.
afterEach(() => {
  vi.restoreAllMocks();
});

async function deployedProject() {
  const tree = await createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: admin.user, role: 'admin' },
  ]);
  const items = await insertItems(app, tree.project.id, productItems);
  await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP]);
  const { snapshot_id } = await sync(app, editor.token, tree.project.id);
  const { key } = await deploy(app, editor.token, tree.project.id, tree.deployment.id);
  return { ...tree, key, snapshotId: snapshot_id, items };
}

/** The database driver under Drizzle (PGlite or a pg pool: both take `query(text, params)`). */
const driverOf = (server: FastifyInstance) =>
  (server.ctx.db as unknown as { $client: { query: (statement: unknown, ...rest: unknown[]) => Promise<unknown> } }).$client;

const eventsOf = (projectId: string) => app.ctx.db.select().from(events).where(eq(events.projectId, projectId));

describe('events', () => {
  it('stores a request and then a response event for an answered query, with the answer, the trace and the question as read', async () => {
    const shop = await deployedProject();
    const response = await ask(app, shop.key, { utterance: 'When are you open?', input_method: 'voice' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ChatAnswer>();
    const hours = shop.items.find((item) => item.subject === 'Store opening hours')!;

    const stored = await eventsOf(shop.project.id);
    expect(stored).toHaveLength(2);
    const request = stored.find((event) => event.dataType === 'request')!;
    const reply = stored.find((event) => event.dataType === 'response')!;
    const common = {
      projectId: shop.project.id,
      deploymentId: shop.deployment.id,
      snapshotId: shop.snapshotId,
      convId: answer.conv_id,
      utterance: 'When are you open?',
      integrationType: 'deployment',
      inputMethod: 'voice',
    };
    const asked = { utterance: 'When are you open?', conv_id: null, input_method: 'voice' };
    expect(request).toMatchObject({ ...common, responseType: null, contentId: null, reportingId: null, data: { turn: 1, request: asked } });
    expect(reply).toMatchObject({ ...common, responseType: 'content', contentId: hours.id, reportingId: hours.reportingId });
    expect(reply.issuedAt.getTime()).toBeGreaterThanOrEqual(request.issuedAt.getTime());
    expect(reply.data).toMatchObject({ turn: 1, response: answer, rephrased: 'When are you open?' });
    expect((reply.data.trace as { stage: string }[]).map((step) => step.stage)).toEqual(['rephrase', 'classify', 'rank', 'rerank', 'genhybrid', 'truncate']);
  });

  it('stores nothing for a refused query', async () => {
    const shop = await deployedProject();
    expectError(await ask(app, shop.key, { utterance: 'When are you open?' }, 'https://evil.example'), 403);
    expectError(await ask(app, shop.key, { utterance: '' }), 400);
    expectError(await ask(app, 'no-such-key', { utterance: 'When are you open?' }), 404);
    expect(await eventsOf(shop.project.id)).toEqual([]);
  });

  it('gives each of 200 concurrent queries exactly its two events, written in shared INSERTs', async () => {
    const busy = await createTestApp(database, { chatMaxQueriesPerMinute: 1000 });
    const shop = await deployedProject();
    // The writer inserts a batch with one statement; the chat path sends no other to the driver.
    const statements = vi.spyOn(driverOf(busy), 'query');
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => ask(busy, shop.key, { utterance: n % 2 ? 'When are you open?' : `How long does the phone battery last? (${n})` })),
    );
    const eventInserts = statements.mock.calls.length;
    statements.mockRestore();

    const answered = responses.filter((response) => response.statusCode === 200).map((response) => response.json<ChatAnswer>());
    expect(answered).toHaveLength(200);
    const stored = await eventsOf(shop.project.id);
    expect(stored).toHaveLength(2 * answered.length);
    for (const answer of answered) {
      const own = stored.filter((event) => event.convId === answer.conv_id);
      expect(own.map((event) => event.dataType).sort()).toEqual(['request', 'response']);
    }
    expect(eventInserts).toBeGreaterThan(0);
    expect(eventInserts).toBeLessThan(answered.length);
  });

  it('records an engine failure as an error event and answers 500 in the error shape', async () => {
    const shop = await deployedProject();
    // An index the engine cannot read stands for a bug in the engine.
    const broken = vi.spyOn(app.ctx.assistant.indexes, 'get').mockResolvedValueOnce({} as EngineIndex);
    const response = await ask(app, shop.key, { utterance: 'When are you open?' });
    broken.mockRestore();
    expectError(response, 500, 'Internal Server Error');
    expect(response.headers['access-control-allow-origin']).toBe(SHOP);

    const stored = await eventsOf(shop.project.id);
    expect(stored.map((event) => event.dataType).sort()).toEqual(['error', 'request']);
    const error = stored.find((event) => event.dataType === 'error')!;
    expect(error).toMatchObject({ responseType: null, utterance: 'When are you open?', data: { turn: 1, error: { status: 500 } } });
    expect(typeof (error.data.error as { message: unknown }).message).toBe('string');
  });

  it('writes the events still waiting when the server shuts down, and only then answers', async () => {
    const closing = await createTestApp(database);
    const shop = await deployedProject();
    // The first batch is held in the database, so the next query's events wait behind it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const driver = driverOf(closing);
    const query = driver.query.bind(driver);
    let inserts = 0;
    // Drizzle passes options of its own (pg: a config object): every argument goes through.
    const textOf = (first: unknown) => (typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''));
    vi.spyOn(driver, 'query').mockImplementation((...args: Parameters<typeof query>) =>
      textOf(args[0]).includes('INSERT INTO events') && ++inserts === 1 ? held.then(() => query(...args)) : query(...args),
    );
    const write = vi.spyOn(closing.ctx.assistant.events, 'write');
    const first = ask(closing, shop.key, { utterance: 'When are you open?' });
    // This process compiles the deployed snapshot first (a cache miss), then hands over the events.
    await vi.waitFor(() => expect(inserts).toBe(1), { timeout: 30_000, interval: 10 });
    let answered = false;
    const second = ask(closing, shop.key, { utterance: 'How long does the phone battery last?' }).then((response) => {
      answered = true;
      return response;
    });
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(2), { timeout: 30_000, interval: 10 });
    expect(answered).toBe(false);
    expect(await countRows(app, events, eq(events.projectId, shop.project.id))).toBe(0);

    const closed = closing.close();
    release();
    await closed;
    for (const response of await Promise.all([first, second])) expect(response.statusCode, response.body).toBe(200);
    expect(await countRows(app, events, eq(events.projectId, shop.project.id))).toBe(4);
  });

  it('answers 404 and stores nothing for a question whose project is deleted before its events are stored, and stores the others of its batch', async () => {
    const racing = await createTestApp(database);
    const doomed = await deployedProject();
    const kept = await deployedProject();
    // Asked once before, so both projects' snapshots are compiled and the next questions go straight to the writer.
    for (const shop of [doomed, kept]) expect((await ask(racing, shop.key, { utterance: 'When are you open?' })).statusCode).toBe(200);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const driver = driverOf(racing);
    const query = driver.query.bind(driver);
    const textOf = (first: unknown) => (typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''));
    let inserts = 0;
    vi.spyOn(driver, 'query').mockImplementation((...args: Parameters<typeof query>) =>
      textOf(args[0]).includes('INSERT INTO events') && ++inserts === 1 ? held.then(() => query(...args)) : query(...args),
    );
    // Both questions' events go to the writer in one turn of the event loop, so they make one batch
    // however far apart the two answers are ready; the batch is then held before the database sees it.
    const writer = racing.ctx.assistant.events;
    const writeNow = writer.write.bind(writer);
    const ready: Array<() => void> = [];
    vi.spyOn(writer, 'write').mockImplementation(
      (rows) =>
        new Promise<void>((resolve, reject) => {
          ready.push(() => void writeNow(rows).then(resolve, reject));
          if (ready.length === 2) for (const start of ready) start();
        }),
    );
    const asked = [ask(racing, doomed.key, { utterance: 'When are you open?' }), ask(racing, kept.key, { utterance: 'When are you open?' })];
    await vi.waitFor(() => expect(inserts).toBe(1), { timeout: 30_000, interval: 10 });
    expect((await call(racing, 'DELETE', `/api/v1/project/${doomed.project.id}`, admin.token)).statusCode).toBe(204);
    release();
    const [gone, answered] = await Promise.all(asked);

    expectError(gone!, 404);
    expect(answered!.statusCode, answered!.body).toBe(200);
    expect(inserts).toBe(1);
    expect(await countRows(app, events, eq(events.projectId, doomed.project.id))).toBe(0);
    expect(await countRows(app, conversations, eq(conversations.projectId, doomed.project.id))).toBe(0);
    expect(await countRows(app, events, eq(events.projectId, kept.project.id))).toBe(4);
    await racing.close();
  });

  it("removes a deleted project's events and conversations, and those of every project of a deleted workspace", async () => {
    const root = await createSignedInUser(app, { isSuperUser: true });
    const [project, workspace, other] = [await deployedProject(), await deployedProject(), await deployedProject()];
    for (const shop of [project, workspace, other]) expect((await ask(app, shop.key, { utterance: 'When are you open?' })).statusCode).toBe(200);

    expect((await call(app, 'DELETE', `/api/v1/project/${project.project.id}`, admin.token)).statusCode).toBe(204);
    expect((await call(app, 'DELETE', `/api/v1/workspace/${workspace.workspace.id}`, root.token)).statusCode).toBe(204);

    for (const shop of [project, workspace]) {
      expect(await countRows(app, events, eq(events.projectId, shop.project.id))).toBe(0);
      expect(await countRows(app, conversations, eq(conversations.projectId, shop.project.id))).toBe(0);
    }
    expect(await countRows(app, events, eq(events.projectId, other.project.id))).toBe(2);
    expect(await countRows(app, conversations, eq(conversations.projectId, other.project.id))).toBe(1);
  });

});
