import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  CHAT_MAX_QUERIES_PER_MINUTE,
  CHAT_UTTERANCE_MAX,
  DEFAULT_WEB_CHANNEL_CONFIG,
  kbFromPlainText,
  kbToPm,
  type ChatAnswer,
  type RealtimeAnswer,
} from '@console/contracts';
import { ConfigError, readConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { channels, events, projects } from '../src/db/schema/index';
import { answeringThreads } from '../src/modules/chat/answering';
import { chatMessages } from '../src/modules/chat/messages';
import { parseModelEndpoints } from '../src/platform/model-endpoints';
import { randomToken } from '../src/platform/secrets';
import { call, createClock, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, corsHeaders, deploy, insertItems, preflight, productItems, sync } from './assistant-fixtures';

/**
 * The public chat API as a page on a customer's site uses it (origin checks, CORS, limits,
 * conversations, the widget's channel configuration, genhybrid) and the console's Real-Time Test.
 */

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const SHOP = 'https://shop.example';
let database: Database;
let app: FastifyInstance;
let editor: SignedIn;
let viewer: SignedIn;
/** A deployed project of products; its out-of-scope threshold is set high so short follow-ups need context. */
let shop: Awaited<ReturnType<typeof deployedProject>>;

async function deployedProject(pipelineConfig: Record<string, unknown> = { oos_threshold: 0.6 }, items = productItems) {
  const tree = await createWorkspaceTree(app, [
    { user: editor.user, role: 'editor' },
    { user: viewer.user, role: 'viewer' },
  ]);
  await app.ctx.db.update(projects).set({ pipelineConfig, outOfScopeResponse: 'Ask me about our products.' }).where(eq(projects.id, tree.project.id));
  const stored = await insertItems(app, tree.project.id, items);
  await allowOrigins(app, editor.token, tree.project.id, tree.deployment.id, [SHOP, 'http://localhost:5173']);
  await sync(app, editor.token, tree.project.id);
  const { key } = await deploy(app, editor.token, tree.project.id, tree.deployment.id);
  const item = (subject: string) => stored.find((row) => row.subject === subject)!;
  return { ...tree, key, item };
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
  [editor, viewer] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
  shop = await deployedProject();
});

function answerOf(response: LightMyRequestResponse): ChatAnswer {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatAnswer>();
}

describe('POST /chat/{deploymentKey}/query', () => {
  it('answers a page on an allowed origin, for that origin only', async () => {
    const response = await ask(app, shop.key, { utterance: 'When are you open?' });
    const answer = answerOf(response);
    const hours = shop.item('Store opening hours');
    expect(answer).toEqual({
      conv_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      answer_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      response_type: 'content',
      content_id: hours.id,
      reporting_id: hours.reportingId,
      response: kbFromPlainText('We are open from 9 to 5.'),
      actions: [{ type: 'query', label: 'Returns', utterance: 'How do I return an item?' }],
      confidence: expect.any(Number),
    });
    expect(corsHeaders(response)).toEqual({ 'access-control-allow-origin': SHOP });
    expect(response.headers.vary).toMatch(/\bOrigin\b/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The answer names its stored response event (what feedback names), made after the question's.
    const stored = await app.ctx.db.select().from(events).where(eq(events.convId, answer.conv_id)).orderBy(events.id);
    expect(stored.map((event) => [event.dataType, event.id])).toEqual([
      ['request', expect.any(String)],
      ['response', answer.answer_id],
    ]);

    const local = await ask(app, shop.key, { utterance: 'When are you open?' }, 'http://localhost:5173');
    expect(corsHeaders(local)).toEqual({ 'access-control-allow-origin': 'http://localhost:5173' });
  });

  it("answers the project's out-of-scope response with no content for a question it cannot answer", async () => {
    const answer = answerOf(await ask(app, shop.key, { utterance: 'Can I bring my dog to the museum?' }));
    expect(answer).toMatchObject({ response_type: 'oos', content_id: null, reporting_id: null, actions: [] });
    expect(answer.response).toEqual(kbFromPlainText('Ask me about our products.'));
  });

  it('refuses any other origin, a missing Origin and the opaque null origin with 403 and no CORS header', async () => {
    for (const origin of [
      'https://evil.example',
      'http://shop.example',
      'https://shop.example:8443',
      'https://shop.example.evil.example',
      'https://SHOP.example',
      'null',
      '*',
      null,
    ]) {
      const response = await ask(app, shop.key, { utterance: 'When are you open?' }, origin);
      expectError(response, 403, chatMessages.originRefused);
      expect(corsHeaders(response), String(origin)).toEqual({});
    }
  });

  it('answers CORS preflights for allowed origins only', async () => {
    const allowed = await preflight(app, `/api/v1/chat/${shop.key}/query`, SHOP);
    expect(allowed.statusCode).toBe(204);
    expect(corsHeaders(allowed)).toEqual({
      'access-control-allow-origin': SHOP,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    });
    expect(allowed.headers.vary).toMatch(/\bOrigin\b/);
    const channel = await preflight(app, `/api/v1/chat/${shop.key}/channel/any`, SHOP);
    expect(channel.statusCode).toBe(204);
    expect(channel.headers['access-control-allow-methods']).toBe('GET');

    for (const origin of ['https://evil.example', 'null', null]) {
      const refused = await preflight(app, `/api/v1/chat/${shop.key}/query`, origin);
      expect(refused.statusCode).toBe(403);
      expect(corsHeaders(refused)).toEqual({});
    }
    const unknown = await preflight(app, '/api/v1/chat/no-such-key/query', SHOP);
    expect(unknown.statusCode).toBe(404);
    expect(corsHeaders(unknown)).toEqual({});
  });

  it('answers 404 for an unknown key and for a deployment that was never deployed, saying which', async () => {
    const unknown = await ask(app, 'no-such-key', { utterance: 'When are you open?' });
    expectError(unknown, 404, chatMessages.unknownDeployment);
    expect(corsHeaders(unknown)).toEqual({});

    const created = await call(app, 'POST', `/api/v1/project/${shop.project.id}/deployment`, editor.token, { display_name: 'Staging', allowed_origins: SHOP });
    const staging = created.json<{ key: string }>();
    const undeployed = await ask(app, staging.key, { utterance: 'When are you open?' });
    expectError(undeployed, 404, chatMessages.notDeployed);
    // The page may read why (its origin is allowed).
    expect(corsHeaders(undeployed)).toEqual({ 'access-control-allow-origin': SHOP });
    // Another origin learns nothing about it.
    expectError(await ask(app, staging.key, { utterance: 'When are you open?' }, 'https://evil.example'), 403, chatMessages.originRefused);
  });

  it('refuses an utterance longer than the maximum, an empty one and a malformed conv_id with the schema messages', async () => {
    const long = await ask(app, shop.key, { utterance: 'a'.repeat(CHAT_UTTERANCE_MAX + 1) });
    expectError(long, 400, `Utterance must be at most ${CHAT_UTTERANCE_MAX} characters`);
    expect(corsHeaders(long)).toEqual({ 'access-control-allow-origin': SHOP });
    answerOf(await ask(app, shop.key, { utterance: 'a'.repeat(CHAT_UTTERANCE_MAX) }));
    expectError(await ask(app, shop.key, { utterance: '   ' }), 400, 'Utterance must be at least 1 character');
    expectError(await ask(app, shop.key, { utterance: 'hi', conv_id: 'abc' }), 400, 'Conv ID must be a valid UUIDv4.');
    expectError(await ask(app, shop.key, { utterance: 'hi', input_method: 'telepathy' }), 400, 'Input Method must be one of voice, text, unknown');
  });

  it('limits each client address per deployment and answers 429 with Retry-After', async () => {
    const clock = createClock();
    const limited = await createTestApp(database, { clock, chatMaxQueriesPerMinute: 3 });
    const question = { utterance: 'When are you open?' };
    for (let n = 0; n < 3; n++) answerOf(await ask(limited, shop.key, question, SHOP, '203.0.113.7'));
    const refused = await ask(limited, shop.key, question, SHOP, '203.0.113.7');
    expectError(refused, 429, chatMessages.tooManyQueries(60));
    expect(refused.headers['retry-after']).toBe('60');
    expect(corsHeaders(refused)).toEqual({ 'access-control-allow-origin': SHOP });
    // Another address is another client; the next minute starts afresh.
    answerOf(await ask(limited, shop.key, question, SHOP, '203.0.113.8'));
    clock.advance(60_000);
    answerOf(await ask(limited, shop.key, question, SHOP, '203.0.113.7'));
  });

  it('reads the limit from CHAT_MAX_QUERIES_PER_MINUTE', () => {
    expect(readConfig({}).chatMaxQueriesPerMinute).toBe(CHAT_MAX_QUERIES_PER_MINUTE);
    expect(readConfig({ CHAT_MAX_QUERIES_PER_MINUTE: '100000' }).chatMaxQueriesPerMinute).toBe(100_000);
    expect(() => readConfig({ CHAT_MAX_QUERIES_PER_MINUTE: '0' })).toThrow(ConfigError);
  });

  it('reads the answering workers from ANSWERING_THREADS; unset, counts the cores the request thread and the database leave', () => {
    expect(readConfig({}).answeringThreads).toBeUndefined();
    expect(readConfig({ ANSWERING_THREADS: '0' }).answeringThreads).toBe(0);
    expect(readConfig({ ANSWERING_THREADS: '2' }).answeringThreads).toBe(2);
    expect(() => readConfig({ ANSWERING_THREADS: '-1' })).toThrow(ConfigError);
    const cores = availableParallelism();
    expect(answeringThreads('pglite')).toBe(Math.min(4, cores - 1));
    expect(answeringThreads('postgres')).toBe(Math.max(0, Math.min(4, cores - 2)));
  });
});

describe('/api/docs', () => {
  it('documents the public chat API without a token, and the maximum utterance length', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, { security?: unknown; requestBody?: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> } }>> }>().paths;
    const query = paths['/api/v1/chat/{deploymentKey}/query']!;
    expect(Object.keys(query).sort()).toEqual(['options', 'post']);
    expect(query.post!.security).toBeUndefined();
    expect(query.post!.requestBody!.content['application/json']!.schema.properties.utterance!.maxLength).toBe(CHAT_UTTERANCE_MAX);
    expect(paths['/api/v1/chat/{deploymentKey}/channel/{channelKey}']!.get!.security).toBeUndefined();
    expect(paths['/api/v1/project/{id}/chat/query']!.post!.security).toEqual([{ bearer: [] }]);
  });
});

describe('conversations', () => {
  const first = { utterance: 'How long does the tablet battery last?' };
  const followUp = { utterance: 'And the warranty?' };

  it('issues a conv_id and reads a short follow-up with the conversation as context', async () => {
    const opening = answerOf(await ask(app, shop.key, first));
    expect(opening.content_id).toBe(shop.item('tablet battery').id);

    // Alone, the follow-up could be about any product.
    const alone = answerOf(await ask(app, shop.key, followUp));
    expect(alone.response_type).toBe('oos');
    expect(alone.conv_id).not.toBe(opening.conv_id);

    const continued = answerOf(await ask(app, shop.key, { ...followUp, conv_id: opening.conv_id }));
    expect(continued.conv_id).toBe(opening.conv_id);
    expect(continued.response_type).toBe('content');
    expect([shop.item('tablet battery').id, shop.item('tablet warranty').id]).toContain(continued.content_id);
    const [event] = await app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.convId, opening.conv_id), eq(events.dataType, 'response'), eq(events.utterance, followUp.utterance)));
    const rephrase = (event!.data.trace as { stage: string; data: { context: unknown } }[])[0]!;
    expect(rephrase).toMatchObject({ stage: 'rephrase', data: { context: { previous: expect.stringMatching(/tablet battery/i) } } });

    // A follow-up of words the project does not know is not read with the conversation: refused as it would be first.
    const unknown = answerOf(await ask(app, shop.key, { utterance: 'And the price?', conv_id: opening.conv_id }));
    expect(unknown.response_type).toBe('oos');
  });

  it('continues a conversation in another server process from its stored state', async () => {
    const opening = answerOf(await ask(app, shop.key, first));
    const otherProcess = await createTestApp(database);
    const continued = answerOf(await ask(otherProcess, shop.key, { ...followUp, conv_id: opening.conv_id }));
    expect(continued.conv_id).toBe(opening.conv_id);
    expect(continued.response_type).toBe('content');

    // Back in the first process, a third follow-up leans on the second's words and the topic it leaned on, read from what is stored.
    const third = 'And charging?';
    await ask(app, shop.key, { utterance: third, conv_id: opening.conv_id });
    const [event] = await app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.convId, opening.conv_id), eq(events.dataType, 'response'), eq(events.utterance, third)));
    const rephrase = (event!.data.trace as { stage: string; data: { output: string } }[])[0]!;
    expect(rephrase.data.output).toBe(`${third} ${followUp.utterance} ${first.utterance}`);
    expect(event!.data).toMatchObject({ thread: first.utterance });
  });

  it('goes on from what is stored when a conversation comes back from another server process', async () => {
    const otherProcess = await createTestApp(database);
    const opening = answerOf(await ask(app, shop.key, first));
    const elsewhere = answerOf(await ask(otherProcess, shop.key, { utterance: 'How long does the phone battery last?', conv_id: opening.conv_id }));
    expect(elsewhere.content_id).toBe(shop.item('phone battery').id);

    // Back in the first process, the follow-up reads the turn answered elsewhere, not the one it remembers.
    const back = answerOf(await ask(app, shop.key, { ...followUp, conv_id: opening.conv_id }));
    expect([shop.item('phone battery').id, shop.item('phone warranty').id]).toContain(back.content_id);
    const stored = await app.ctx.db
      .select({ turn: sql<number>`(${events.data} ->> 'turn')::int` })
      .from(events)
      .where(and(eq(events.convId, opening.conv_id), eq(events.dataType, 'response')))
      .orderBy(events.issuedAt, events.id);
    expect(stored.map((row) => row.turn)).toEqual([1, 2, 3]);
  });

  it('answers the same in answering workers as on the request thread, and a conversation goes on from one to the other', async () => {
    const [here, workers] = await Promise.all([createTestApp(database, { answeringThreads: 0 }), createTestApp(database, { answeringThreads: 2 })]);
    const inWorker = answerOf(await ask(workers, shop.key, first));
    const onThread = answerOf(await ask(here, shop.key, first));
    expect({ ...inWorker, conv_id: null, answer_id: null }).toEqual({ ...onThread, conv_id: null, answer_id: null });
    expect(inWorker.content_id).toBe(shop.item('tablet battery').id);

    for (const [opening, next] of [
      [inWorker, here],
      [onThread, workers],
    ] as const) {
      const continued = answerOf(await ask(next, shop.key, { ...followUp, conv_id: opening.conv_id }));
      expect(continued).toMatchObject({ conv_id: opening.conv_id, response_type: 'content' });
    }
    await Promise.all([here.close(), workers.close()]);
  });

  it("starts a new conversation for an unknown conv_id and for another project's, never sharing state", async () => {
    const other = await deployedProject();
    const opening = answerOf(await ask(app, shop.key, first));
    for (const server of [app, await createTestApp(database)]) {
      const elsewhere = answerOf(await ask(server, other.key, { ...followUp, conv_id: opening.conv_id }));
      expect(elsewhere.conv_id).not.toBe(opening.conv_id);
      expect(elsewhere.response_type).toBe('oos');
    }
    const unknown = '3f1f6c1e-8b1a-4c55-9a52-5d2d1e9b7a10';
    const fresh = answerOf(await ask(app, shop.key, { ...followUp, conv_id: unknown }));
    expect(fresh.conv_id).not.toBe(unknown);
    expect(fresh.response_type).toBe('oos');
  });
});

describe('what a deployment answers', () => {
  it('changes with content edits only after the next sync and deploy', async () => {
    const project = await deployedProject({});
    const hours = project.item('Store opening hours');
    const question = { utterance: 'What are your opening hours?' };
    const before = kbFromPlainText('We are open from 9 to 5.');
    const after = kbFromPlainText('We are open from 8 to 8.');
    expect(answerOf(await ask(app, project.key, question)).response).toEqual(before);

    const edited = await call(app, 'PUT', `/api/v1/content/${hours.id}/response`, editor.token, { response_pm: kbToPm(after) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(answerOf(await ask(app, project.key, question)).response).toEqual(before);

    await sync(app, editor.token, project.project.id);
    expect(answerOf(await ask(app, project.key, question)).response).toEqual(before);
    // The Real-Time Test already uses the newest snapshot.
    const realtime = await call(app, 'POST', `/api/v1/project/${project.project.id}/chat/query`, viewer.token, question);
    expect(realtime.json<RealtimeAnswer>().response).toEqual(after);

    await deploy(app, editor.token, project.project.id, project.deployment.id);
    expect(answerOf(await ask(app, project.key, question)).response).toEqual(after);
  });
});

describe('GET /chat/{deploymentKey}/channel/{channelKey}', () => {
  async function insertChannel(values: Partial<typeof channels.$inferInsert> = {}) {
    const [channel] = await app.ctx.db
      .insert(channels)
      .values({ projectId: shop.project.id, displayName: 'Website', type: 'web', status: 'active', key: randomToken(16), config: {}, ...values })
      .returning();
    return channel!;
  }
  const load = (channelKey: string, origin: string | null = SHOP, key = shop.key) =>
    app.inject({ method: 'GET', url: `/api/v1/chat/${key}/channel/${channelKey}`, headers: origin ? { origin } : {} });

  it("answers an active web channel's configuration, every field filled and valid", async () => {
    const channel = await insertChannel({
      config: {
        concierge: { name: 'Shop Bot', titleColor: 'not a colour' },
        window: { blur: 99, fullWidth: 1000 },
        locale: 'de-DE',
        footer: kbFromPlainText('Powered by us'),
        unknown: true,
      },
    });
    const response = await load(channel.key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      channel_key: channel.key,
      config: {
        ...DEFAULT_WEB_CHANNEL_CONFIG,
        concierge: { ...DEFAULT_WEB_CHANNEL_CONFIG.concierge, name: 'Shop Bot' },
        window: { ...DEFAULT_WEB_CHANNEL_CONFIG.window, fullWidth: 1000 },
        locale: 'de-DE',
        footer: kbFromPlainText('Powered by us'),
      },
    });
    expect(corsHeaders(response)).toEqual({ 'access-control-allow-origin': SHOP });
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it("answers 404 for a draft channel, another type, another project's channel, an undeployed deployment; 403 for another origin", async () => {
    const draft = await insertChannel({ status: 'draft' });
    const search = await insertChannel({ type: 'search' });
    const other = await deployedProject({}, productItems.slice(0, 2));
    const [foreign] = await app.ctx.db
      .insert(channels)
      .values({ projectId: other.project.id, displayName: 'Theirs', type: 'web', status: 'active', key: randomToken(16) })
      .returning();
    for (const key of [draft.key, search.key, foreign!.key, 'no-such-channel']) expectError(await load(key), 404, chatMessages.noChannel);
    const active = await insertChannel();
    const created = await call(app, 'POST', `/api/v1/project/${shop.project.id}/deployment`, editor.token, { display_name: 'Preview', allowed_origins: SHOP });
    expectError(await load(active.key, SHOP, created.json<{ key: string }>().key), 404, chatMessages.notDeployed);
    const refused = await load(active.key, 'https://evil.example');
    expectError(refused, 403, chatMessages.originRefused);
    expect(corsHeaders(refused)).toEqual({});
  });
});

describe('genhybrid', () => {
  type Mode = 'answer' | 'fail' | 'hang';
  let mode: Mode = 'answer';
  const received: { authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  const hanging: ServerResponse[] = [];
  const model = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
      if (mode === 'hang') return void hanging.push(response);
      if (mode === 'fail') return void response.writeHead(500).end('{"error":"overloaded"}');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'The tablet battery lasts a day [1].' } }] }));
    });
  });
  let modelUrl: string;
  let generating: FastifyInstance;
  let privateRefused: FastifyInstance;
  let project: Awaited<ReturnType<typeof deployedProject>>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1/chat/completions`;
    process.env.MODEL_API_KEY_CHAT_TEST = 'sk-test-key';
    project = await deployedProject({ genhybrid: { url: modelUrl, model: 'test-model', api_key_env: 'MODEL_API_KEY_CHAT_TEST', timeout_ms: 500 } });
    // In an answering worker: the model's call is made on the request thread, with what the worker answered.
    const modelEndpoints = parseModelEndpoints(`CHAT_TEST=${new URL(modelUrl).origin}`).endpoints;
    generating = await createTestApp(database, { outboundAllowPrivate: true, answeringThreads: 1, modelEndpoints });
    privateRefused = await createTestApp(database, { modelEndpoints });
  });
  afterAll(async () => {
    delete process.env.MODEL_API_KEY_CHAT_TEST;
    for (const response of hanging) response.destroy();
    model.closeAllConnections();
    await new Promise((resolve) => model.close(resolve));
  });

  const question = { utterance: 'How long does the tablet battery last?' };
  const realtime = (server: FastifyInstance) =>
    call(server, 'POST', `/api/v1/project/${project.project.id}/chat/query`, editor.token, question).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RealtimeAnswer>();
    });
  const genhybridStep = (answer: RealtimeAnswer) => answer.trace.find((step) => step.stage === 'genhybrid')!.data;

  it('composes the answer with the model endpoint, citing the items it used', async () => {
    mode = 'answer';
    received.length = 0;
    const answer = answerOf(await ask(generating, project.key, question));
    expect(answer.response_type).toBe('content');
    expect(answer.response.children[0]).toEqual(kbFromPlainText('The tablet battery lasts a day [1].').children[0]);
    expect(JSON.stringify(answer.response)).toContain('[1] tablet battery');
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe('Bearer sk-test-key');
    expect(received[0]!.body.model).toBe('test-model');
    expect(received[0]!.body.messages.at(-1)!.content).toContain('How long does the tablet battery last?');
    expect(genhybridStep(await realtime(generating))).toMatchObject({ used: true, model: 'test-model' });
  });

  it('falls back to the ranked answer when the endpoint fails, hangs past its timeout, or is not allowed', async () => {
    const ranked = kbFromPlainText('The tablet battery lasts all day.');
    for (const [server, failure, reason] of [
      [generating, 'fail', /500/],
      [generating, 'hang', /timed out/],
      // Without OUTBOUND_ALLOW_PRIVATE the endpoint on 127.0.0.1 is refused.
      [privateRefused, 'answer', /not allowed/],
      // Without MODEL_ENDPOINTS the key is allowed nowhere: not sent, even for a config stored earlier.
      [app, 'answer', /MODEL_ENDPOINTS allows for MODEL_API_KEY_CHAT_TEST/],
    ] as const) {
      mode = failure;
      received.length = 0;
      const answer = answerOf(await ask(server, project.key, question));
      if (server !== generating) expect(received).toHaveLength(0);
      expect(answer.response, failure).toEqual(ranked);
      expect(answer.content_id).toBe(project.item('tablet battery').id);
      expect(genhybridStep(await realtime(server))).toMatchObject({ used: false, error: expect.stringMatching(reason) });
    }
  });
});

describe('the Real-Time Test', () => {
  it("answers any reader from the project's newest snapshot with the trace, as a realtime event", async () => {
    const tree = await createWorkspaceTree(app, [
      { user: editor.user, role: 'editor' },
      { user: viewer.user, role: 'viewer' },
    ]);
    const superUser = await createSignedInUser(app, { isSuperUser: true });
    const url = `/api/v1/project/${tree.project.id}/chat/query`;
    const question = { utterance: 'When are you open?', input_method: 'voice' };
    expectError(await call(app, 'POST', url, viewer.token, question), 409, chatMessages.notSynced);

    const [hours] = await insertItems(app, tree.project.id, productItems.slice(-1));
    await sync(app, editor.token, tree.project.id);
    const answers: RealtimeAnswer[] = [];
    for (const caller of [viewer, superUser]) {
      const response = await call(app, 'POST', url, caller.token, question);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<RealtimeAnswer>();
      answers.push(answer);
      expect(answer).toMatchObject({ response_type: 'content', content_id: hours!.id, reporting_id: hours!.reportingId });
      expect(answer.trace.map((step) => step.stage)).toEqual(['rephrase', 'classify', 'rank', 'rerank', 'genhybrid', 'truncate']);
    }
    const stored = await app.ctx.db.select().from(events).where(eq(events.projectId, tree.project.id));
    expect(stored).toHaveLength(4);
    for (const event of stored) expect(event).toMatchObject({ integrationType: 'realtime', deploymentId: null, inputMethod: 'voice' });
    const answered = stored.filter((event) => event.dataType === 'response').map((event) => event.id);
    expect(answered.sort()).toEqual(answers.map((answer) => answer.answer_id).sort());

    const stranger = await createSignedInUser(app);
    expectError(await call(app, 'POST', url, stranger.token, question), 404);
  });

  it('converts a reporting id to the content item that carries it in the project', async () => {
    const hours = shop.item('Store opening hours');
    const url = (projectId: string, reportingId: string) => `/api/v1/project/${projectId}/convert-reporting-id/${reportingId}`;
    const converted = await call(app, 'GET', url(shop.project.id, hours.reportingId), viewer.token);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json()).toEqual({ id: hours.id });

    const other = await deployedProject({}, productItems.slice(-1));
    expectError(await call(app, 'GET', url(other.project.id, hours.reportingId), viewer.token), 404, chatMessages.noReportingId);
    expectError(await call(app, 'GET', url(shop.project.id, 'nope'), viewer.token), 400, 'Reporting Id must be a valid UUID.');
  });
});
