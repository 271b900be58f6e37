import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { base64url, flattenedVerify, importJWK, type JWK } from 'jose';
import {
  CALL_SIGNATURE_HEADER,
  callProtectedHeaderSchema,
  CONVERSATION_ID_HEADER,
  errorDetails,
  IDEMPOTENCY_KEY_HEADER,
  kbPlainText,
  type CallProtectedHeader,
  type CallSigningKeySet,
  type ChatAnswer,
  type RealtimeAnswer,
} from '@console/contracts';
import type { Database } from '../src/db/client';
import { conversationTurnLocks, events, projects } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, productItems, sync } from './assistant-fixtures';

/**
 * A sequence as a visitor lives it through the public chat API: its slots asked for over several
 * turns, the node's business-logic endpoint (a local server here) called once with the signed JSON
 * body, its reply answered as a scenario, a follow-up intent leading on, and a failing or slow endpoint
 * answered 502 with the conversation left where it stood; the call signed with what it is for and
 * keyed for idempotency, and the turns of one conversation answered one at a time.
 */

type Mode = 'answer' | 'fail' | 'hang';
interface Received {
  path: string;
  signature: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  body: string;
}

let mode: Mode = 'answer';
const received: Received[] = [];
const hanging: ServerResponse[] = [];
const endpoint = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({
      path: request.url!,
      signature: request.headers[CALL_SIGNATURE_HEADER] as string | undefined,
      idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined,
      contentType: request.headers['content-type'],
      body,
    });
    if (mode === 'hang') return void hanging.push(response);
    if (mode === 'fail') return void response.writeHead(500).end('{"error":"down"}');
    if (request.url === '/confirm') return void response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Confirmed.');
    const { slots: values } = JSON.parse(body) as { slots: Record<string, string> };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: `Booked in ${values.city} on ${values.day}.` }));
  });
});

const SHOP = 'https://shop.example';
let database: Database;
let app: FastifyInstance;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let project: { id: string };
let key: string;
let base: string;
let booking: { id: string; name: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  app = await createTestApp(database, { outboundAllowPrivate: true });
  editor = await createSignedInUser(app);
  const tree = await createWorkspaceTree(app, [{ user: editor.user, role: 'editor' }]);
  project = tree.project;
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, project.id));
  await insertItems(app, project.id, productItems);
  const create = async (path: string, body: Record<string, unknown>) => {
    const response = await call(app, 'POST', `/api/v1/project/${project.id}/${path}`, editor.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>();
  };
  const city = await create('slot', { name: 'city', terms: ['Paris', 'London', 'São Paulo'] });
  const day = await create('slot', { name: 'day', terms: ['monday', 'saturday'] });
  const book = await create('intent', { intent: 'book a table', utterances: ['book a table', 'reserve a table', 'I want to make a reservation', 'table for dinner'] });
  const confirm = await create('intent', { intent: 'confirm', utterances: ['yes confirm', 'confirm it', 'go ahead', 'yes please'] });
  const collect = crypto.randomUUID();
  const confirming = crypto.randomUUID();
  const node = (id: string, name: string, attributes: unknown[]) => ({ id, name, position: { x: 0, y: 0 }, attributes });
  const stored = await create('sequence', { name: 'Booking' });
  const saved = await call(app, 'PUT', `/api/v1/sequence/${stored.id}`, editor.token, {
    nodes: [
      node(collect, 'Collect', [
        { type: 'entry_intents', intents: [book.id] },
        { type: 'collect_slots', slots: [{ slot_id: city.id, prompt: '' }, { slot_id: day.id, prompt: 'Which day?' }] },
        { type: 'business_logic', url: `${base}/book`, configuration: { tables: 2 } },
      ]),
      node(confirming, 'Confirm', [
        { type: 'follow_up_intents', intents: [confirm.id] },
        { type: 'business_logic', url: `${base}/confirm`, configuration: {} },
      ]),
    ],
    transitions: [{ id: crypto.randomUUID(), source: collect, target: confirming }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  booking = { id: stored.id, name: 'Booking' };
  await allowOrigins(app, editor.token, project.id, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, project.id);
  ({ key } = await deploy(app, editor.token, project.id, tree.deployment.id));
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
});

function answerOf(response: LightMyRequestResponse): ChatAnswer {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatAnswer>();
}

/** Asks the questions in turn in one conversation (each through `server`), answering the last's reply. */
async function converse(server: FastifyInstance, questions: string[], convId?: string): Promise<ChatAnswer> {
  let answer: ChatAnswer | null = null;
  for (const utterance of questions) {
    answer = answerOf(await ask(server, key, { utterance, ...(convId ? { conv_id: convId } : {}) }, SHOP));
    convId = answer.conv_id;
  }
  return answer!;
}

const said = (answer: ChatAnswer) => kbPlainText(answer.response);

/** What a receiver does: verifies the call's signature over the body it received with the published keys, and reads what the call is for. */
async function verifiedPurpose(sent: Received): Promise<CallProtectedHeader> {
  const keys = (await call(app, 'GET', '/api/v1/call-signing/keys')).json<CallSigningKeySet>();
  const [protectedHeader, , signature] = sent.signature!.split('.');
  const jwk = keys.keys[0]! as JWK;
  const verified = await flattenedVerify({ protected: protectedHeader!, payload: base64url.encode(sent.body), signature: signature! }, await importJWK(jwk, 'EdDSA'));
  expect(new TextDecoder().decode(verified.payload)).toBe(sent.body);
  return callProtectedHeaderSchema.parse(verified.protectedHeader);
}

async function storedEvents(convId: string, dataType: 'response' | 'error') {
  return app.ctx.db
    .select()
    .from(events)
    .where(and(eq(events.convId, convId), eq(events.dataType, dataType)))
    .orderBy(asc(events.issuedAt), asc(events.id));
}

describe('a sequence through the chat API', () => {
  it('collects its slots over several turns, calls the endpoint once with the signed body, and answers its reply as a scenario', async () => {
    mode = 'answer';
    received.length = 0;
    const opening = await converse(app, ['I want to make a reservation']);
    expect(opening).toMatchObject({ response_type: 'scenario', content_id: null });
    expect(said(opening)).toBe('What is the city?');
    expect(opening.actions.map((action) => action.label)).toEqual(['Paris', 'London', 'São Paulo']);
    expect(said(await converse(app, ['London'], opening.conv_id))).toBe('Which day?');
    expect(received).toHaveLength(0);

    const booked = await converse(app, ['on saturday'], opening.conv_id);
    expect(booked.response_type).toBe('scenario');
    expect(said(booked)).toBe('Booked in London on saturday.');
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent!.path).toBe('/book');
    expect(sent!.contentType).toBe('application/json');
    expect(JSON.parse(sent!.body)).toEqual({
      sequence: booking,
      node: { id: expect.any(String), name: 'Collect' },
      conv_id: opening.conv_id,
      slots: { city: 'London', day: 'saturday' },
      configuration: { tables: 2 },
    });

    // The receiver verifies the call with the published keys and the body it received, and reads what it is for.
    expect(await verifiedPurpose(sent!)).toEqual({
      alg: 'EdDSA',
      kid: expect.any(String),
      iat: expect.any(Number),
      htu: `${base}/book`,
      htm: 'POST',
      project_id: project.id,
      sequence_id: booking.id,
      node_id: (JSON.parse(sent!.body) as { node: { id: string } }).node.id,
      idempotency_key: sent!.idempotencyKey,
    });
    expect(sent!.idempotencyKey).toMatch(/^[\w-]{43}$/);

    const [, , bookedEvent] = await storedEvents(opening.conv_id, 'response');
    const classify = (bookedEvent!.data.trace as { stage: string; data: { flow: unknown } }[]).find((step) => step.stage === 'classify')!;
    expect(classify.data.flow).toMatchObject({ sequence: booking, node: { name: 'Collect' }, step: 'follow_up', steps: ['filled', 'call', 'follow_up'], slot: 'day' });
    expect(bookedEvent).toMatchObject({ responseType: 'scenario' });

    // A follow-up intent leads on to the next node, whose endpoint answers plain text; the flow then ends.
    const confirmed = await converse(app, ['yes please, go ahead'], opening.conv_id);
    expect(said(confirmed)).toBe('Confirmed.');
    expect(received.map((request) => request.path)).toEqual(['/book', '/confirm']);
    const after = await converse(app, ['when are you open'], opening.conv_id);
    expect(after.response_type).toBe('content');
    expect(received).toHaveLength(2);
  });

  it('shows the flow step in the Real-Time Test trace', async () => {
    const response = await call(app, 'POST', `/api/v1/project/${project.id}/chat/query`, editor.token, { utterance: 'book a table in Paris' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<RealtimeAnswer>();
    expect(answer.response_type).toBe('scenario');
    expect(answer.trace.find((step) => step.stage === 'classify')!.data.flow).toMatchObject({ step: 'ask', slot: 'day', slots: { city: 'Paris' } });
  });

  it('answers 502 when the endpoint fails or is too slow, stores the error with the flow step, and lets the visitor try again', { timeout: 30_000 }, async () => {
    for (const failure of ['fail', 'hang'] as const) {
      mode = 'answer';
      const asked = await converse(app, ['book a table in Paris']);
      mode = failure;
      received.length = 0;
      const failed = await ask(app, key, { utterance: 'monday', conv_id: asked.conv_id }, SHOP);
      expectError(failed, 502, errorDetails.businessLogicFailed);
      expect(failed.headers['access-control-allow-origin']).toBe(SHOP);
      expect(failed.json<{ title: string }>().title).toBe('Bad Gateway');
      expect(received).toHaveLength(1);
      const [error] = await storedEvents(asked.conv_id, 'error');
      expect(error!.data).toMatchObject({
        turn: 2,
        error: { status: 502, message: expect.stringMatching(failure === 'fail' ? /500/ : /timed out/), flow: { step: 'call', node: { name: 'Collect' }, slots: { city: 'Paris', day: 'monday' } } },
      });

      // The conversation is where it was before the failed turn: the day is still asked for.
      mode = 'answer';
      received.length = 0;
      const retried = await converse(app, ['monday'], asked.conv_id);
      expect(said(retried)).toBe('Booked in Paris on monday.');
      expect(received).toHaveLength(1);
    }
  });

  it('goes on in another server process, and after the first one closed', async () => {
    mode = 'answer';
    received.length = 0;
    const first = await createTestApp(database, { outboundAllowPrivate: true });
    const opening = await converse(first, ['reserve a table']);
    const second = await createTestApp(database, { outboundAllowPrivate: true, answeringThreads: 1 });
    expect(said(await converse(second, ['São Paulo'], opening.conv_id))).toBe('Which day?');
    await first.close();
    const booked = await converse(second, ['monday'], opening.conv_id);
    expect(said(booked)).toBe('Booked in São Paulo on monday.');
    expect(received).toHaveLength(1);
    await second.close();
  });

  it('keys every call for idempotency: the same key when the visitor retries the step after a 502, another for another step or other values', async () => {
    /** A conversation whose booking failed on 'monday' (the endpoint down), the endpoint answering again. */
    const failedOnMonday = async () => {
      mode = 'answer';
      const asked = await converse(app, ['book a table in Paris']);
      mode = 'fail';
      expectError(await ask(app, key, { utterance: 'monday', conv_id: asked.conv_id }, SHOP), 502, errorDetails.businessLogicFailed);
      mode = 'answer';
      return asked;
    };
    received.length = 0;
    const asked = await failedOnMonday();
    expect(said(await converse(app, ['monday'], asked.conv_id))).toBe('Booked in Paris on monday.');
    expect(said(await converse(app, ['yes please, go ahead'], asked.conv_id))).toBe('Confirmed.');
    const [failed, retried, confirmed] = received;
    expect(received.map((request) => request.path)).toEqual(['/book', '/book', '/confirm']);
    expect(retried!.idempotencyKey).toBe(failed!.idempotencyKey);
    expect(confirmed!.idempotencyKey).not.toBe(retried!.idempotencyKey);
    for (const sent of received) expect((await verifiedPurpose(sent)).idempotency_key).toBe(sent.idempotencyKey);
    expect((await verifiedPurpose(confirmed!)).htu).toBe(`${base}/confirm`);

    // The retry of a failed step with another value is another call; so is the same booking in another conversation.
    received.length = 0;
    const other = await failedOnMonday();
    expect(said(await converse(app, ['saturday'], other.conv_id))).toBe('Booked in Paris on saturday.');
    const keys = [failed!, ...received].map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
  });

  it("keeps a conversation whose first question's call failed, so the retry is the same step with the same key", async () => {
    mode = 'fail';
    received.length = 0;
    const failed = await ask(app, key, { utterance: 'book a table in Paris on monday' }, SHOP);
    expectError(failed, 502, errorDetails.businessLogicFailed);
    const convId = failed.headers[CONVERSATION_ID_HEADER] as string;
    expect(convId).toMatch(/^[0-9a-f-]{36}$/);
    // A page of another origin reads the header: it is exposed with the CORS answer.
    expect(failed.headers['access-control-expose-headers']).toContain(CONVERSATION_ID_HEADER);
    mode = 'answer';
    const retried = answerOf(await ask(app, key, { utterance: 'book a table in Paris on monday', conv_id: convId }, SHOP));
    expect(retried.conv_id).toBe(convId);
    expect(said(retried)).toBe('Booked in Paris on monday.');
    expect(received).toHaveLength(2);
    expect(received[1]!.idempotencyKey).toBe(received[0]!.idempotencyKey);
  });

  it('documents the 409 of a busy conversation and the 502 of a failed business-logic call', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { post: { responses: Record<string, unknown> } }> }>().paths;
    for (const path of ['/api/v1/chat/{deploymentKey}/query', '/api/v1/project/{id}/chat/query']) {
      expect(paths[path]!.post.responses['409']).toBeDefined();
      expect(paths[path]!.post.responses['502']).toBeDefined();
    }
  });
});

describe('one turn at a time per conversation', () => {
  it('answers ten questions sent at once to a conversation awaiting its business-logic step with exactly one call', async () => {
    mode = 'answer';
    const asked = await converse(app, ['book a table in London']);
    received.length = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(app, key, { utterance: 'on saturday', conv_id: asked.conv_id }, SHOP)));
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    expect(received.map((request) => request.path)).toEqual(['/book']);
    // Each answered question was its own turn, read after the one before: no turn number twice.
    const turns = (await storedEvents(asked.conv_id, 'response')).map((event) => event.data.turn);
    expect(turns).toEqual(Array.from({ length: turns.length }, (_, i) => i + 1));
    expect(turns).toHaveLength(1 + answers.filter((answer) => answer.statusCode === 200).length);
    const leases = await app.ctx.db.select().from(conversationTurnLocks).where(eq(conversationTurnLocks.convId, asked.conv_id));
    expect(leases).toEqual([]);
  });

  it('answers the same through the Real-Time Test route', async () => {
    mode = 'answer';
    const opening = await call(app, 'POST', `/api/v1/project/${project.id}/chat/query`, editor.token, { utterance: 'book a table in Paris' });
    const convId = opening.json<RealtimeAnswer>().conv_id;
    received.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(app, 'POST', `/api/v1/project/${project.id}/chat/query`, editor.token, { utterance: 'monday', conv_id: convId })),
    );
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    expect(received.map((request) => request.path)).toEqual(['/book']);
  });

  it('refuses a question with 409 while another turn of its conversation is in hand past the wait, and takes over a lease its holder left to expire', { timeout: 30_000 }, async () => {
    mode = 'answer';
    const asked = await converse(app, ['book a table in Paris']);
    received.length = 0;
    // A turn in hand in some process (its lease live), then one whose process stopped mid-turn (its lease expired).
    await app.ctx.db.insert(conversationTurnLocks).values({ convId: asked.conv_id, holder: crypto.randomUUID(), expiresAt: new Date(Date.now() + 60_000) });
    const refused = await ask(app, key, { utterance: 'monday', conv_id: asked.conv_id }, SHOP);
    expectError(refused, 409, errorDetails.conversationBusy);
    expect(refused.headers['access-control-allow-origin']).toBe(SHOP);
    expect(received).toHaveLength(0);

    await app.ctx.db.update(conversationTurnLocks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(conversationTurnLocks.convId, asked.conv_id));
    expect(said(await converse(app, ['monday'], asked.conv_id))).toBe('Booked in Paris on monday.');
    expect(received).toHaveLength(1);
  });

  it('needs no lease for a new conversation, nor for a conv_id this project has not answered', async () => {
    const unknown = crypto.randomUUID();
    const answer = await converse(app, ['when are you open'], unknown);
    expect(answer.conv_id).not.toBe(unknown);
    expect(await app.ctx.db.select().from(conversationTurnLocks).where(eq(conversationTurnLocks.convId, unknown))).toEqual([]);
  });
});
