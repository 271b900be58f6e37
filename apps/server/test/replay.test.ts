import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { finishedJobStatuses, replayMessages, type ChatAnswer, type Job, type Replay, type ReplayItem, type ReplayItemDetail } from '@console/contracts';
import { contents, contentUtterances, deployments, projects } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, onCleanup, openTestDatabase } from './helper';
import { jobHandlers } from '../src/modules/job/handlers';
import { allowOrigins, ask, deploy, insertItems, productItems, sync, type ItemSpec } from './assistant-fixtures';
import { holdAfterFirstChunk } from './replay-fixtures';

/**
 * Replays through the API, on traffic made through the public chat API: which questions a replay
 * asks (distinct, most asked first, the deployment's own, follow-ups after their conversation), how
 * their two answers are grouped and reported, both traces of an item, and what a replay never does
 * (call a team's endpoint). Projects are lexical: answers do not wait for the sentence encoder.
 */

const SHOP = 'https://shop.example';
let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let viewer: Awaited<ReturnType<typeof createSignedInUser>>;

/** The business-logic endpoint of the booking flow: counts the calls it gets. */
let endpointCalls = 0;
let endpointUrl: string;

beforeAll(async () => {
  const endpoint = createServer((request, response) => {
    request.resume().on('end', () => {
      endpointCalls++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"Booked."}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise((resolve) => endpoint.close(resolve)));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/book`;
  app = await createTestApp(await openTestDatabase(), { outboundAllowPrivate: true, jobPollMs: 50, chatMaxQueriesPerMinute: 100_000 });
  [editor, viewer] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
});

/** A lexical project of these items, deployed for SHOP (version 1). */
async function deployedShop(items: ItemSpec[], pipelineConfig: Record<string, unknown> = { understanding: 'lexical' }) {
  const tree = await createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  await app.ctx.db.update(projects).set({ pipelineConfig }).where(eq(projects.id, tree.project.id));
  const stored = await insertItems(app, tree.project.id, items);
  await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, tree.project.id);
  const { key } = await deploy(app, editor.token, tree.project.id, tree.deployment.id);
  const item = (subject: string) => stored.find((row) => row.subject === subject)!;
  return { projectId: tree.project.id, deploymentId: tree.deployment.id, key, item };
}

/** Asks the questions in turn, as one conversation when `together`, else each as a new one. */
async function converse(key: string, questions: string[], together = true): Promise<ChatAnswer[]> {
  const answers: ChatAnswer[] = [];
  for (const utterance of questions) {
    const convId = together ? answers.at(-1)?.conv_id : undefined;
    const response = await ask(app, key, { utterance, ...(convId ? { conv_id: convId } : {}) }, SHOP);
    expect(response.statusCode, response.body).toBe(200);
    answers.push(response.json<ChatAnswer>());
  }
  return answers;
}

async function startReplay(projectId: string, body: Record<string, unknown>): Promise<Replay> {
  const response = await call(app, 'POST', `/api/v1/project/${projectId}/replay`, editor.token, body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Replay>();
}

/** The replay once its job finished, read by a viewer. */
async function finished(projectId: string, replayId: string): Promise<Replay> {
  for (let tries = 0; tries < 600; tries++) {
    const response = await call(app, 'GET', `/api/v1/project/${projectId}/replay/${replayId}`, viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    const replay = response.json<Replay>();
    if (replay.job && finishedJobStatuses.includes(replay.job.status)) return replay;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`replay ${replayId} did not finish`);
}

async function itemsOf(projectId: string, replayId: string, query = ''): Promise<ReplayItem[]> {
  const response = await call(app, 'GET', `/api/v1/project/${projectId}/replay/${replayId}/item?limit=100${query}`, viewer.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ records: ReplayItem[] }>().records;
}

const storeItems: ItemSpec[] = [
  { subject: 'Store opening hours', utterances: ['when are you open', 'opening hours', 'what time does the store close'] },
  { subject: 'Returns', utterances: ['how do i return an item', 'return policy', 'send an item back'] },
  { subject: 'Refunds', utterances: ['when do i get my refund', 'refund status', 'money back'] },
  { subject: 'Gift cards', utterances: ['do you sell gift cards', 'gift card balance', 'buy a gift card'] },
];

describe('a replay of known traffic', () => {
  let shop: Awaited<ReturnType<typeof deployedShop>>;
  let replay: Replay;

  beforeAll(async () => {
    shop = await deployedShop(storeItems);
    await converse(shop.key, ['when are you open', 'When are you open', 'when are you open', 'return policy', 'return policy', 'do you sell gift cards', 'do you deliver abroad'], false);
    // The console's Real-Time Test asks the same project, but is no visitor of the deployment.
    const realtime = await call(app, 'POST', `/api/v1/project/${shop.projectId}/chat/query`, editor.token, { utterance: 'opening hours' });
    expect(realtime.statusCode, realtime.body).toBe(200);

    // Version 2: returns are answered with refunds, gift cards are gone, and delivery abroad is new.
    const { db } = app.ctx;
    await db.update(contents).set({ status: 'inactive' }).where(eq(contents.id, shop.item('Returns').id));
    await db.update(contents).set({ status: 'inactive' }).where(eq(contents.id, shop.item('Gift cards').id));
    await db.insert(contentUtterances).values({ contentId: shop.item('Refunds').id, text: 'return policy' });
    await insertItems(app, shop.projectId, [{ subject: 'International delivery', utterances: ['do you deliver abroad', 'shipping abroad', 'international shipping'] }]);
    await sync(app, editor.token, shop.projectId);

    replay = await startReplay(shop.projectId, { deployment_id: shop.deploymentId });
  });

  it('answers 202 with the versions compared and the default window, its job queued or running', () => {
    expect(replay).toMatchObject({ deployment_id: shop.deploymentId, deployment_name: 'Production', base_version: 1, candidate_version: 2, limit: 5000, summary: null, finished_at: null });
    expect(Date.parse(replay.to) - Date.parse(replay.from)).toBe(7 * 86_400_000);
    expect(['queued', 'running']).toContain(replay.job!.status);
  });

  it('groups each distinct question of the deployment by what changed, and counts the moves between items', async () => {
    const done = await finished(shop.projectId, replay.id);
    expect(done.job).toMatchObject({ status: 'succeeded', done: 4, total: 4, error: null });
    expect(done.finished_at).not.toBeNull();
    expect(done.summary).toEqual({
      total: 4,
      groups: { unchanged: 1, changed: 1, newly_refused: 1, newly_answered: 1 },
      moves: [{ before: 'Returns', after: 'Refunds', count: 1 }],
      notes: [],
    });
  });

  it('lists the questions most asked first, each spelling of one question counted together', async () => {
    const items = await itemsOf(shop.projectId, replay.id);
    expect(items.map(({ position, question, asked, group, context }) => ({ position, question, asked, group, context }))).toEqual([
      { position: 1, question: 'when are you open', asked: 3, group: 'unchanged', context: [] },
      { position: 2, question: 'return policy', asked: 2, group: 'changed', context: [] },
      { position: 3, question: 'do you deliver abroad', asked: 1, group: 'newly_answered', context: [] },
      { position: 4, question: 'do you sell gift cards', asked: 1, group: 'newly_refused', context: [] },
    ]);
    expect(items[0]!.before).toMatchObject({ response_type: 'content', content_id: shop.item('Store opening hours').id, subject: 'Store opening hours', step: null });
    expect(items[2]!.before).toMatchObject({ response_type: 'oos', content_id: null, subject: null });
    expect(items[2]!.after).toMatchObject({ response_type: 'content', subject: 'International delivery' });
    expect(items[3]!.after.response_type).toBe('oos');
    expect((await itemsOf(shop.projectId, replay.id, '&group__eq=changed')).map((item) => item.question)).toEqual(['return policy']);
    expect((await itemsOf(shop.projectId, replay.id, '&sort_field=asked&sort_direction=descending&question__like=GIFT')).map((item) => item.position)).toEqual([4]);
  });

  it("opens an item with both answers' traces", async () => {
    const response = await call(app, 'GET', `/api/v1/project/${shop.projectId}/replay/${replay.id}/item/2`, viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<ReplayItemDetail>();
    expect(item.before).toMatchObject({ subject: 'Returns', content_id: shop.item('Returns').id });
    expect(item.after).toMatchObject({ subject: 'Refunds', content_id: shop.item('Refunds').id });
    for (const trace of [item.before_trace, item.after_trace]) expect((trace as { stage: string }[]).map((step) => step.stage)).toContain('classify');
    expect(item.before_trace).not.toEqual(item.after_trace);
    expectError(await call(app, 'GET', `/api/v1/project/${shop.projectId}/replay/${replay.id}/item/5`, viewer.token), 404);
    expectError(await call(app, 'GET', `/api/v1/project/${shop.projectId}/replay/${replay.id}/item/0`, viewer.token), 400, 'Position must be at least 1');
  });

  it('is listed with the project, newest first, and filtered by candidate version', async () => {
    const list = await call(app, 'GET', `/api/v1/project/${shop.projectId}/replay?candidate_version__gte=2&candidate_version__lte=2`, viewer.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ records: Replay[]; total: number }>()).toMatchObject({ total: 1, records: [{ id: replay.id, candidate_version: 2 }] });
    const none = await call(app, 'GET', `/api/v1/project/${shop.projectId}/replay?candidate_version__lte=1`, viewer.token);
    expect(none.json<{ total: number }>().total).toBe(0);
  });

  it("is another project's to read only through that project", async () => {
    const other = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
    expectError(await call(app, 'GET', `/api/v1/project/${other.project.id}/replay/${replay.id}`, editor.token), 404);
    expectError(await call(app, 'GET', `/api/v1/project/${other.project.id}/replay/${replay.id}/item`, editor.token), 404);
  });
});

describe('starting a replay', () => {
  let shop: Awaited<ReturnType<typeof deployedShop>>;
  beforeAll(async () => {
    shop = await deployedShop(storeItems);
  });

  it('refuses a window that does not run forwards, an unknown version or deployment, and a deployment that answers nothing yet', async () => {
    const start = (body: Record<string, unknown>) => call(app, 'POST', `/api/v1/project/${shop.projectId}/replay`, editor.token, body);
    const at = '2026-01-01T00:00:00Z';
    expectError(await start({ deployment_id: shop.deploymentId, from: at, to: at }), 400, replayMessages.windowOrder);
    expectError(await start({ deployment_id: shop.deploymentId, to: '2025-12-01T00:00:00Z', from: at }), 400, replayMessages.windowOrder);
    expectError(await start({ deployment_id: shop.deploymentId, limit: 5001 }), 400, 'Limit must not be greater than 5000');
    expectError(await start({ deployment_id: shop.deploymentId, version: 9 }), 404);
    expectError(await start({ deployment_id: crypto.randomUUID() }), 404);
    const other = await deployedShop(storeItems);
    expectError(await start({ deployment_id: other.deploymentId }), 404);
    const [staging] = await app.ctx.db.insert(deployments).values({ projectId: shop.projectId, displayName: 'Staging', key: crypto.randomUUID() }).returning();
    expectError(await start({ deployment_id: staging!.id }), 409, replayMessages.notDeployed);
    expectError(await call(app, 'POST', `/api/v1/project/${shop.projectId}/replay`, viewer.token, { deployment_id: shop.deploymentId }), 403);
  });

  it('finishes at once with an empty report that says so when nobody asked the deployment anything in the window', async () => {
    await converse(shop.key, ['when are you open']);
    const replay = await startReplay(shop.projectId, { deployment_id: shop.deploymentId, from: '2025-01-01T00:00:00Z', to: '2025-02-01T00:00:00Z', version: 1 });
    expect(replay).toMatchObject({ base_version: 1, candidate_version: 1, from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z' });
    const done = await finished(shop.projectId, replay.id);
    expect(done.job).toMatchObject({ status: 'succeeded', done: 0, total: 0 });
    expect(done.summary).toEqual({ total: 0, groups: { unchanged: 0, changed: 0, newly_refused: 0, newly_answered: 0 }, moves: [], notes: [replayMessages.noTraffic] });
    expect(await itemsOf(shop.projectId, replay.id)).toEqual([]);
  });
});

describe('a project of semantic understanding', () => {
  it('has each question embedded once for both versions', async () => {
    const shop = await deployedShop(storeItems, {});
    const questions = ['when are you open', 'do you sell gift cards', 'return policy'];
    await converse(shop.key, questions, false);
    await insertItems(app, shop.projectId, [{ subject: 'International delivery', utterances: ['do you deliver abroad', 'shipping abroad'] }]);
    await sync(app, editor.token, shop.projectId);
    const embed = vi.spyOn(app.ctx.assistant.offlineEmbedder, 'embed');
    try {
      const replay = await finished(shop.projectId, (await startReplay(shop.projectId, { deployment_id: shop.deploymentId })).id);
      expect(replay.summary).toMatchObject({ total: 3, groups: { unchanged: 3 } });
      expect(embed.mock.calls.flatMap(([texts]) => texts).sort()).toEqual([...questions].sort());
    } finally {
      embed.mockRestore();
    }
  });
});

describe('follow-ups', () => {
  it("are replayed after their conversation's earlier questions when they were read with them more often than alone", async () => {
    const shop = await deployedShop(productItems, { understanding: 'lexical', oos_threshold: 0.6 });
    const [, phone] = await converse(shop.key, ['what warranty does the phone have', 'how long']);
    expect(phone!.content_id).toBe(shop.item('phone warranty').id);
    const [, , tablet] = await converse(shop.key, ['opening hours', 'what warranty does the tablet have', 'how long']);
    expect(tablet!.content_id).toBe(shop.item('tablet warranty').id);
    const [alone] = await converse(shop.key, ['how long']);
    expect(alone!.response_type).toBe('oos');
    // Read with its conversation once in three askings: replayed alone.
    const [, guaranteed] = await converse(shop.key, ['how long is the phone guaranteed', 'guaranteed?']);
    expect(guaranteed!.content_id).toBe(shop.item('phone warranty').id);
    await converse(shop.key, ['guaranteed?', 'guaranteed?'], false);

    const replay = await finished(shop.projectId, (await startReplay(shop.projectId, { deployment_id: shop.deploymentId })).id);
    expect(replay.summary).toMatchObject({ total: 6, groups: { unchanged: 6 } });
    const items = await itemsOf(shop.projectId, replay.id);
    expect(items.slice(0, 2).map(({ question, asked, context }) => ({ question, asked, context }))).toEqual([
      { question: 'guaranteed?', asked: 3, context: [] },
      { question: 'how long', asked: 3, context: ['opening hours', 'what warranty does the tablet have'] },
    ]);
    expect(items[0]!.before.response_type).toBe('oos');
    expect(items[1]!.before).toMatchObject({ response_type: 'content', subject: 'tablet warranty' });
  });
});

describe('a project whose flow calls its endpoint', () => {
  it("is replayed without calling it, comparing the flow's step, and the report says so", async () => {
    const shop = await deployedShop(productItems);
    const create = async (path: string, body: Record<string, unknown>) => {
      const response = await call(app, 'POST', `/api/v1/project/${shop.projectId}/${path}`, editor.token, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const city = await create('slot', { name: 'city', terms: ['Paris', 'London'] });
    const day = await create('slot', { name: 'day', terms: ['monday', 'saturday'] });
    const book = await create('intent', { intent: 'book a table', utterances: ['book a table', 'reserve a table'] });
    const sequence = await create('sequence', { name: 'Booking' });
    const saved = await call(app, 'PUT', `/api/v1/sequence/${sequence.id}`, editor.token, {
      nodes: [
        {
          id: crypto.randomUUID(),
          name: 'Book',
          position: { x: 0, y: 0 },
          attributes: [
            { type: 'entry_intents', intents: [book.id] },
            { type: 'collect_slots', slots: [{ slot_id: city.id, prompt: '' }, { slot_id: day.id, prompt: '' }] },
            { type: 'business_logic', url: endpointUrl, configuration: {} },
          ],
        },
      ],
      transitions: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sync(app, editor.token, shop.projectId);
    await deploy(app, editor.token, shop.projectId, shop.deploymentId);
    const before = endpointCalls;
    const [asked, booked] = await converse(shop.key, ['book a table in Paris', 'monday']);
    expect(asked!.response_type).toBe('scenario');
    expect(booked!.response_type).toBe('scenario');
    expect(endpointCalls).toBe(before + 1);

    const replay = await finished(shop.projectId, (await startReplay(shop.projectId, { deployment_id: shop.deploymentId })).id);
    expect(endpointCalls).toBe(before + 1);
    expect(replay.summary).toMatchObject({ total: 2, groups: { unchanged: 2 }, notes: [replayMessages.callsSkipped] });
    const items = await itemsOf(shop.projectId, replay.id);
    expect(items.find((item) => item.question === 'monday')).toMatchObject({
      context: ['book a table in Paris'],
      before: { response_type: 'scenario', step: 'Booking › Book' },
      after: { response_type: 'scenario', step: 'Booking › Book' },
    });
  });
});

describe('the job of a replay', () => {
  /** A deployment asked `count` distinct questions. */
  async function busyShop(count: number) {
    const shop = await deployedShop(storeItems);
    await converse(shop.key, Array.from({ length: count }, (_, i) => `question number ${i + 1}`), false);
    return shop;
  }
  const jobOf = async (projectId: string, jobId: string) => {
    const response = await call(app, 'GET', `/api/v1/project/${projectId}/job/${jobId}`, viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Job>();
  };

  it('reports its progress, stores each question once, and stops at its next step when cancelled while running', async () => {
    const shop = await busyShop(400);
    const held = holdAfterFirstChunk();
    try {
      const replay = await startReplay(shop.projectId, { deployment_id: shop.deploymentId });
      let job = await jobOf(shop.projectId, replay.job!.id);
      while (job.status !== 'running' || job.done === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        job = await jobOf(shop.projectId, replay.job!.id);
      }
      // The first chunk of questions is stored and counted; the second waits.
      expect(job).toMatchObject({ total: 400, cancel_requested: false });
      expect(job.done).toBeLessThan(400);
      expect(job.eta_ms).toBeGreaterThan(0);
      const cancel = await call(app, 'POST', `/api/v1/project/${shop.projectId}/job/${replay.job!.id}/cancel`, editor.token);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json<Job>()).toMatchObject({ status: 'running', cancel_requested: true });
      held.release();

      const stopped = await finished(shop.projectId, replay.id);
      expect(stopped.job).toMatchObject({ status: 'cancelled', error: 'Cancelled.', eta_ms: null });
      expect(stopped.summary).toBeNull();
      expect(stopped.finished_at).not.toBeNull();
      const items = await call(app, 'GET', `/api/v1/project/${shop.projectId}/replay/${replay.id}/item?limit=1`, viewer.token);
      const stored = items.json<{ total: number }>().total;
      expect(stored).toBeGreaterThanOrEqual(job.done);
      expect(stored).toBeLessThan(400);
      expectError(await call(app, 'POST', `/api/v1/project/${shop.projectId}/job/${replay.job!.id}/cancel`, editor.token), 409, 'This job has already finished.');
    } finally {
      held.release();
      held.restore();
    }
  });

  it('is cancelled at once while queued, and never runs', async () => {
    const shop = await busyShop(3);
    // No process polls meanwhile: the job stays queued.
    await app.ctx.jobs.stop();
    try {
      const replay = await startReplay(shop.projectId, { deployment_id: shop.deploymentId });
      expect(replay.job!.status).toBe('queued');
      const cancel = await call(app, 'POST', `/api/v1/project/${shop.projectId}/job/${replay.job!.id}/cancel`, editor.token);
      expect(cancel.json<Job>()).toMatchObject({ status: 'cancelled', done: 0 });
      app.ctx.jobs.start(jobHandlers(app.ctx));
      // A later replay, queued after it, runs: the cancelled one was passed over.
      const later = await finished(shop.projectId, (await startReplay(shop.projectId, { deployment_id: shop.deploymentId })).id);
      expect(later.job!.status).toBe('succeeded');
      expect(await finished(shop.projectId, replay.id)).toMatchObject({ job: { status: 'cancelled', started_at: null }, summary: null });
      expect(await itemsOf(shop.projectId, replay.id)).toEqual([]);
    } finally {
      app.ctx.jobs.start(jobHandlers(app.ctx));
    }
  });
});
