import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { base64url, flattenedVerify, importJWK, type JWK } from 'jose';
import { CALL_SIGNATURE_HEADER, errorDetails, kbPlainText, type CallSigningKeySet, type ChatAnswer, type RealtimeAnswer } from '@console/contracts';
import type { Database } from '../src/db/client';
import { events, projects } from '../src/db/schema/index';
import { call, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase } from './helper';
import { allowOrigins, ask, deploy, insertItems, productItems, sync } from './assistant-fixtures';

/**
 * A sequence as a visitor lives it through the public chat API: its slots asked for over several
 * turns, the node's business-logic endpoint (a local server here) called once with the signed JSON
 * body, its reply answered as a scenario, a follow-up intent leading on, and a failing or slow endpoint
 * answered 502 with the conversation left where it stood.
 */

type Mode = 'answer' | 'fail' | 'hang';
interface Received {
  path: string;
  signature: string | undefined;
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
    received.push({ path: request.url!, signature: request.headers[CALL_SIGNATURE_HEADER] as string | undefined, contentType: request.headers['content-type'], body });
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
let booking: { id: string; name: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
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

    // The receiver verifies the call with the published keys and the body it received.
    const keys = (await call(app, 'GET', '/api/v1/call-signing/keys')).json<CallSigningKeySet>();
    const [protectedHeader, , signature] = sent!.signature!.split('.');
    const jwk = keys.keys[0]! as JWK;
    const verified = await flattenedVerify({ protected: protectedHeader!, payload: base64url.encode(sent!.body), signature: signature! }, await importJWK(jwk, 'EdDSA'));
    expect(new TextDecoder().decode(verified.payload)).toBe(sent!.body);

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

  it('documents the 502 of a failed business-logic call', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { post: { responses: Record<string, unknown> } }> }>().paths;
    expect(paths['/api/v1/chat/{deploymentKey}/query']!.post.responses['502']).toBeDefined();
    expect(paths['/api/v1/project/{id}/chat/query']!.post.responses['502']).toBeDefined();
  });
});
