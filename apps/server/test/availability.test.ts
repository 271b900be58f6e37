import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorDetails } from '@console/contracts';
import { openDatabase, type Database } from '../src/db/client';
import { signAccessToken } from '../src/platform/tokens';
import { createTestApp, expectError, get, onCleanup, openTestDatabase, post, TEST_VERSION } from './helper';

/**
 * What load balancers and clients see when a server process cannot serve: shutting down, or its
 * database not answering. Either way a 503 in the error shape, with Retry-After (and, on the public
 * chat API, the CORS headers a widget needs to read it), and a readiness check that says so.
 */

let database: Database;
let app: FastifyInstance;
/** A server process whose PostgreSQL does not answer (nothing listens on its port). */
let cutOff: FastifyInstance;
const cutOffLog: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
  const unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/console' });
  onCleanup(() => unreachable.close());
  cutOff = await createTestApp(unreachable, { logLevel: 'warn', logStream: { write: (line) => void cutOffLog.push(line) } });
});

function expectUnavailable(response: Awaited<ReturnType<typeof get>>) {
  expectError(response, 503, errorDetails.unavailable);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

const chatQuery = (server: FastifyInstance) =>
  server.inject({ method: 'POST', url: '/api/v1/chat/some-deployment/query', payload: { utterance: 'Hello?' }, headers: { origin: 'https://shop.example' } });

describe('while the database does not answer', () => {
  it('answers 503 in the error shape with Retry-After, and the public chat API with its CORS headers', async () => {
    expectUnavailable(await post(cutOff, '/api/v1/login/password', { email: 'someone@example.com', password: 'Whatever-1' }));
    const token = await signAccessToken(cutOff.ctx, { userId: randomUUID(), familyId: randomUUID(), tokenVersion: 0 });
    expectUnavailable(await get(cutOff, '/api/v1/session', token));
    const chat = await chatQuery(cutOff);
    expectUnavailable(chat);
    expect(chat.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('logs the outage once, not once per request', async () => {
    for (let i = 0; i < 20; i++) await post(cutOff, '/api/v1/login/password', { email: `someone-${i}@example.com`, password: 'Whatever-1' });
    const lines = cutOffLog.filter((line) => line.includes('database does not answer'));
    expect(lines).toHaveLength(1);
    expect(cutOffLog.filter((line) => line.includes('request failed'))).toHaveLength(0);
  });
});

describe('readiness', () => {
  it('is ready while the database answers; liveness does not depend on it', async () => {
    const ready = await get(app, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', version: TEST_VERSION });
    expectUnavailable(await get(cutOff, '/readyz'));
    expect((await get(cutOff, '/healthz')).statusCode).toBe(200);
  });
});

describe('shutting down', () => {
  it('answers requests that arrive meanwhile 503 in the error shape with Retry-After, and not ready', async () => {
    const closing = await createTestApp(database);
    const answers: Response[] = [];
    let baseUrl = '';
    // Runs once the shutdown began, while the server still listens.
    closing.addHook('preClose', async () => {
      for (const [path, init] of [
        ['/readyz', {}],
        ['/api/v1/about', {}],
        ['/api/v1/chat/some-deployment/query', { method: 'POST', headers: { origin: 'https://shop.example', 'content-type': 'application/json' }, body: '{"utterance":"Hi"}' }],
      ] as const) {
        answers.push(await fetch(`${baseUrl}${path}`, init));
      }
    });
    baseUrl = await closing.listen({ port: 0, host: '127.0.0.1' });
    await closing.close();

    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await answer.json()).toEqual({ status: 503, title: 'Service Unavailable', detail: errorDetails.unavailable, traceback: [] });
    }
    expect(answers[2]!.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});
