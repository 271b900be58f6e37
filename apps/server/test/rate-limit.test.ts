import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  LOGIN_MAX_CALLS_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_RATE_WINDOW_MS,
  errorDetails,
} from '@console/contracts';
import type { Database } from '../src/db/client';
import { createClock, createTestApp, createTestUser, expectError, openTestDatabase, uniqueEmail, type TestClock } from './helper';

let database: Database;
let app: FastifyInstance;
let clock: TestClock;
let addressCounter = 0;

beforeAll(async () => {
  clock = createClock();
  // The real limits of contracts: what production runs.
  database = await openTestDatabase();
  app = await createTestApp(database, {
    clock,
    limits: {
      windowMs: LOGIN_RATE_WINDOW_MS,
      maxCallsPerAddress: LOGIN_MAX_CALLS_PER_ADDRESS,
      maxFailuresPerAccount: LOGIN_MAX_FAILURES_PER_ACCOUNT,
    },
  });
});

/** Every call from its own address, unless one is given, so only the per-account limit is in play. */
function call(url: string, payload: object, remoteAddress = `10.1.0.${++addressCounter % 250}`) {
  return app.inject({ method: 'POST', url: `/api/v1/login/${url}`, payload, remoteAddress });
}

function expectThrottled(response: Awaited<ReturnType<typeof call>>) {
  const body = expectError(response, 429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LOGIN_RATE_WINDOW_MS / 1000);
  expect(body.detail).toBe(errorDetails.tooManyAttempts(retryAfter));
  return retryAfter;
}

describe('per-account limit', () => {
  it(`locks an account after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures, even with the right password, until the window passes`, async () => {
    const { email, password } = await createTestUser(app);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expectError(await call('password', { email, password: 'Wrong-Pass-1' }), 401, errorDetails.invalidCredentials);
    }
    const retryAfter = expectThrottled(await call('password', { email, password }));
    expect(retryAfter).toBeGreaterThan(LOGIN_RATE_WINDOW_MS / 1000 - 60);

    // Another account is not affected.
    const other = await createTestUser(app);
    expect((await call('password', { email: other.email, password: other.password })).statusCode).toBe(200);

    clock.advance(LOGIN_RATE_WINDOW_MS + 1000);
    expect((await call('password', { email, password })).statusCode).toBe(200);
  });

  it('counts unknown accounts alike, so the throttle reveals nothing', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) await call('password', { email, password: 'Wrong-Pass-1' });
    expectThrottled(await call('password', { email, password: 'Wrong-Pass-1' }));
  });

  it('counts wrong reset, invitation and MFA codes too', async () => {
    const { email } = await createTestUser(app);
    const reset = { email, token_code: '000000', password: 'Good-Pass-1', password_validator: 'Good-Pass-1' };
    await call('reset', reset);
    await call('invite', { ...reset, agree_tos: true });
    await call('mfa', { email, token_code: '000000' });
    await call('reset', reset);
    await call('mfa', { email, token_code: '000000' });
    expectThrottled(await call('mfa', { email, token_code: '000000' }));
    expectThrottled(await call('reset', reset));
  });
});

describe('per-address limit', () => {
  it(`allows ${LOGIN_MAX_CALLS_PER_ADDRESS} sign-in calls per address and window, then answers 429 until the window passes`, async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < LOGIN_MAX_CALLS_PER_ADDRESS; i++) {
      const response = await call('forgot', { email: uniqueEmail('spray') }, address);
      expect(response.statusCode).toBe(200);
    }
    // Any sign-in call from that address is limited now, whatever the account.
    const { email, password } = await createTestUser(app);
    expectThrottled(await call('password', { email, password }, address));
    expectThrottled(await call('refresh', { refresh_token: 'x' }, address));
    // A client cannot escape by claiming another address (no proxy is trusted by default).
    const spoofed = await app.inject({
      method: 'POST',
      url: '/api/v1/login/password',
      payload: { email, password },
      remoteAddress: address,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expectThrottled(spoofed);
    // Another address is not.
    expect((await call('password', { email, password }, '10.9.9.10')).statusCode).toBe(200);

    clock.advance(LOGIN_RATE_WINDOW_MS + 1000);
    expect((await call('password', { email, password }, address)).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('per-address limit shared through Redis (run with TEST_REDIS_URL)', () => {
  /** An address no earlier run counted in the shared Redis. */
  const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const forgot = (server: FastifyInstance, remoteAddress: string) =>
    server.inject({ method: 'POST', url: '/api/v1/login/forgot', payload: { email: uniqueEmail('spray') }, remoteAddress });

  it('counts an address across server processes against one limit', async () => {
    const limits = { maxCallsPerAddress: 4 };
    const servers = [await createTestApp(database, { redisUrl, limits }), await createTestApp(database, { redisUrl, limits })];
    const address = freshAddress();
    for (let i = 0; i < limits.maxCallsPerAddress; i++) expect((await forgot(servers[i % 2]!, address)).statusCode).toBe(200);
    for (const server of servers) expectThrottled(await forgot(server, address));
    expect((await forgot(servers[0]!, freshAddress())).statusCode).toBe(200);
  });

  it('lets calls through while Redis does not answer, and logs the outage once, not per call', async () => {
    const lines: string[] = [];
    const server = await createTestApp(database, {
      redisUrl: 'redis://127.0.0.1:1',
      limits: { maxCallsPerAddress: 2 },
      logLevel: 'warn',
      logStream: { write: (line) => void lines.push(line) },
    });
    const address = freshAddress();
    for (let i = 0; i < 6; i++) expect((await forgot(server, address)).statusCode).toBe(200);
    expect(lines.filter((line) => line.includes('Redis does not answer'))).toHaveLength(1);
  });
});
