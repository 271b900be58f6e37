import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { kbFromPlainText, kbToPm, kbWordCount, type ContentStatus, type QuickReply, type SyncAnswer } from '@console/contracts';
import { contentActions, contents, contentUtterances } from '../src/db/schema/index';
import { call } from './helper';

/** Test fixtures of the assistant's API tests (sync, deployments, chat, events). */

export interface ItemSpec {
  subject: string;
  /** Plain text, stored as the item's rich response. */
  response?: string;
  utterances?: string[];
  actions?: QuickReply[];
  status?: ContentStatus;
}

/**
 * Writes content items straight to the database (the content API has its own tests), in one
 * multi-row insert per table so a large project is quick to build. Returns the stored items in order.
 */
export async function insertItems(app: FastifyInstance, projectId: string, items: ItemSpec[]) {
  const { db } = app.ctx;
  const start = Date.now() - items.length;
  const rows = await db
    .insert(contents)
    .values(
      items.map((item, position) => {
        const response = kbFromPlainText(item.response ?? `${item.subject}: the answer.`);
        const at = new Date(start + position);
        return {
          projectId,
          subject: item.subject,
          status: item.status ?? 'active',
          responsePm: kbToPm(response),
          numResponseWords: kbWordCount(response),
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning();
  const utterances = items.flatMap((item, position) => (item.utterances ?? []).map((text) => ({ contentId: rows[position]!.id, text })));
  for (let offset = 0; offset < utterances.length; offset += 5000) await db.insert(contentUtterances).values(utterances.slice(offset, offset + 5000));
  const actions = items.flatMap((item, position) =>
    (item.actions ?? []).map(({ type, ...config }) => ({ contentId: rows[position]!.id, type, config: config as never })),
  );
  if (actions.length) await db.insert(contentActions).values(actions);
  return rows;
}

/** Four products with a battery and a warranty item each, and a store: short follow-ups need context here. */
export const productItems: ItemSpec[] = [
  ...['phone', 'laptop', 'tablet', 'watch'].flatMap((product) => [
    {
      subject: `${product} battery`,
      response: `The ${product} battery lasts all day.`,
      utterances: [`how long does the ${product} battery last`, `${product} battery life`, `charging the ${product}`],
    },
    {
      subject: `${product} warranty`,
      response: `The ${product} has a two-year warranty.`,
      utterances: [`${product} warranty`, `how long is the ${product} guaranteed`, `what warranty does the ${product} have`],
    },
  ]),
  {
    subject: 'Store opening hours',
    response: 'We are open from 9 to 5.',
    utterances: ['when are you open', 'opening hours', 'what time does the store close'],
    actions: [{ type: 'query', label: 'Returns', utterance: 'How do I return an item?' }],
  },
];

export async function sync(app: FastifyInstance, token: string, projectId: string) {
  const response = await call(app, 'POST', `/api/v1/project/${projectId}/sync`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SyncAnswer>();
}

export async function deploy(app: FastifyInstance, token: string, projectId: string, deploymentId: string) {
  const response = await call(app, 'POST', `/api/v1/project/${projectId}/deployment/${deploymentId}/deploy`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ snapshot_id: string; deployed_at: string; key: string }>();
}

export async function allowOrigins(app: FastifyInstance, token: string, projectId: string, deploymentId: string, origins: string[]) {
  const response = await call(app, 'PUT', `/api/v1/project/${projectId}/deployment/${deploymentId}`, token, { allowed_origins: origins.join(',') });
  expect(response.statusCode, response.body).toBe(200);
}

/** A POST to a deployment's public chat API (`/chat/{key}/{route}`) from a page on `origin` (null: none). */
function postFromPage(app: FastifyInstance, key: string, route: 'query' | 'feedback', body: Record<string, unknown>, origin: string | null, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/chat/${key}/${route}`,
    payload: body,
    headers: origin === null ? {} : { origin },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A question to the public chat API from a page on `origin`. */
export function ask(app: FastifyInstance, key: string, body: Record<string, unknown>, origin: string | null = 'https://shop.example', remoteAddress?: string) {
  return postFromPage(app, key, 'query', body, origin, remoteAddress);
}

/** A visitor's feedback on an answer through the public chat API, from a page on `origin`. */
export function giveFeedback(app: FastifyInstance, key: string, body: Record<string, unknown>, origin: string | null = 'https://shop.example', remoteAddress?: string) {
  return postFromPage(app, key, 'feedback', body, origin, remoteAddress);
}

/** A browser's CORS preflight of a POST with a JSON body, from a page on `origin` (null: none). */
export function preflight(app: FastifyInstance, url: string, origin: string | null) {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: { ...(origin ? { origin } : {}), 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
}

/** The CORS headers of an answer, by name. */
export function corsHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => name.startsWith('access-control-')));
}

/** What a flow's business-logic endpoint was sent: the slot values among the rest. */
export interface EndpointCall {
  slots: Record<string, string>;
}

/**
 * A flow's business-logic endpoint on a free local port that records every call and answers with
 * `reply(call)` as its JSON; `url` is its base, `close` stops it.
 */
export async function recordingEndpoint(reply: (call: EndpointCall) => unknown) {
  const received: EndpointCall[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const sent = JSON.parse(body) as EndpointCall;
      received.push(sent);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply(sent)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Creates a record of a project's area through the API (`path` below /project/{id}/), expecting 201. */
export function projectRecords(app: FastifyInstance, token: string, projectId: string) {
  return async (path: string, body: Record<string, unknown>) => {
    const response = await call(app, 'POST', `/api/v1/project/${projectId}/${path}`, token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>();
  };
}
