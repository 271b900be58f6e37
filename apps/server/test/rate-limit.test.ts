import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  LOGIN_MAX_CALLS_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_RATE_WINDOW_MS,
  MFA_MAX_ATTEMPTS,
  RESET_MAILS_PER_ACCOUNT,
  TOKEN_CODE_MAX_ATTEMPTS,
  errorDetails,
  isMfaPending,
} from '@console/contracts';
import type { Database } from '../src/db/client';
import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema/index';
import { createInvitation } from '../src/modules/user/service';
import { countRows, createClock, createTestApp, createTestUser, expectError, openTestDatabase, type TestClock, uniqueEmail, waitForOutbox } from './helper';

let database: Database;
let app: FastifyInstance;
let clock: TestClock;
let addressCounter = 0;

// The real limits of contracts: what production runs.
const limits = {
  windowMs: LOGIN_RATE_WINDOW_MS,
  maxCallsPerAddress: LOGIN_MAX_CALLS_PER_ADDRESS,
  maxFailuresPerAccount: LOGIN_MAX_FAILURES_PER_ACCOUNT,
};

beforeAll(async () => {
  clock = createClock();
  database = await openTestDatabase();
  app = await createTestApp(database, { clock, limits });
});

/** Every call from its own address, unless one is given, so only the per-account limit is in play. */
function call(url: string, payload: object, remoteAddress = `10.1.0.${++addressCounter % 250}`, bearer?: string) {
  const headers = bearer ? { authorization: `Bearer ${bearer}` } : {};
  return app.inject({ method: 'POST', url: `/api/v1/login/${url}`, payload, remoteAddress, headers });
}

function expectThrottled(response: Awaited<ReturnType<typeof call>>) {
  const body = expectError(response, 429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LOGIN_RATE_WINDOW_MS / 1000);
  expect(body.detail).toBe(errorDetails.tooManyAttempts(retryAfter));
  return retryAfter;
}

/** Codes are mailed after the answer: waits until the address has `count` mails, and gives their codes, newest first. */
async function waitForMailedCodes(email: string, count: number) {
  return (await waitForOutbox(app, email, count)).map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]);
}

async function failPasswords(email: string) {
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
    expectError(await call('password', { email, password: 'Wrong-Pass-1' }), 401, errorDetails.invalidCredentials);
  }
}

describe('per-account limit', () => {
  it(`after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} wrong passwords from anywhere the owner still signs in, with a mailed code`, async () => {
    const { email, password, user } = await createTestUser(app);
    await failPasswords(email);

    const pending = await call('password', { email, password });
    expect(pending.statusCode).toBe(200);
    expect(isMfaPending(pending.json())).toBe(true);
    const [code] = await waitForMailedCodes(email, 1);
    const signedIn = await call('mfa', { email, token_code: code }, undefined, pending.json().token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user_id).toBe(user.id);
    expect(isMfaPending(signedIn.json())).toBe(false);

    // Another account is not affected.
    const other = await createTestUser(app);
    expect(isMfaPending((await call('password', { email: other.email, password: other.password })).json())).toBe(false);

    clock.advance(LOGIN_RATE_WINDOW_MS + 1000);
    expect(isMfaPending((await call('password', { email, password })).json())).toBe(false);
  });

  it('past the limit a wrong password answers like the right one and mails nothing, so guessing learns nothing', async () => {
    const { email, password } = await createTestUser(app);
    await failPasswords(email);
    const right = (await call('password', { email, password })).json();
    await waitForMailedCodes(email, 1);
    const wrong = await call('password', { email, password: 'Wrong-Pass-1' });
    expect(wrong.statusCode).toBe(200);
    expect(Object.keys(wrong.json())).toEqual(Object.keys(right));
    expect(isMfaPending(wrong.json())).toBe(true);
    expect(wrong.json().user_id).toBe(right.user_id);
    // Mails go out in the order of the calls: once the next right password's mail is there, a mail
    // for the wrong one would be too.
    await call('password', { email, password });
    expect(await waitForMailedCodes(email, 2)).toHaveLength(2);
    // Its token opens nothing.
    expectError(await call('mfa', { email, token_code: '000000' }, undefined, wrong.json().token), 401);
  });

  it('answers unknown accounts alike, so the limit reveals nothing', async () => {
    const email = uniqueEmail('ghost');
    await failPasswords(email);
    const response = await call('password', { email, password: 'Wrong-Pass-1' });
    expect(response.statusCode).toBe(200);
    expect(isMfaPending(response.json())).toBe(true);
    expect(response.json().user_id).toBeNull();
  });

});

describe('wrong codes', () => {
  const resetBody = (email: string, token_code = '000000') => ({ email, token_code, password: 'Good-Pass-1', password_validator: 'Good-Pass-1' });

  it("anyone's wrong reset, invitation and link codes close the code steps for their address, not for everyone", async () => {
    const { email } = await createTestUser(app);
    const stranger = '10.5.0.1';
    await call('reset', resetBody(email), stranger);
    await call('invite', { ...resetBody(email), agree_tos: true }, stranger);
    await call('mfa', { email, token_code: '000000' }, stranger);
    await call('reset', resetBody(email), stranger);
    await call('mfa', { email, token_code: '000000' }, stranger);
    expectThrottled(await call('mfa', { email, token_code: '000000' }, stranger));
    expectThrottled(await call('reset', resetBody(email), stranger));
    // The owner's address is still answered.
    expectError(await call('reset', resetBody(email), '10.5.0.2'), 401, errorDetails.invalidTokenCode);
  });

  it('counts wrong MFA codes sent with the pending token across challenges: a correct password does not buy more guesses', async () => {
    const { email, password } = await createTestUser(app, { isMfaEnabled: true });
    const newChallenge = async () => {
      const answer = await call('password', { email, password });
      expect(answer.statusCode).toBe(200);
      return answer.json().token as string;
    };
    // Fewer wrong codes per challenge than burn one, so only the per-account count can stop them.
    let pending = '';
    for (let failures = 0; failures < LOGIN_MAX_FAILURES_PER_ACCOUNT; failures++) {
      if (failures % 2 === 0) pending = await newChallenge();
      expectError(await call('mfa', { email, token_code: '000000' }, undefined, pending), 401);
    }
    pending = await newChallenge();
    expectThrottled(await call('mfa', { email, token_code: '000000' }, undefined, pending));

    clock.advance(LOGIN_RATE_WINDOW_MS + 1000);
    pending = await newChallenge();
    expectError(await call('mfa', { email, token_code: '000000' }, undefined, pending), 401);
  });

  it("a stranger's wrong codes at the link, from any number of addresses, do not end the owner's sign-in in progress", async () => {
    const { email, password, user } = await createTestUser(app, { isMfaEnabled: true });
    const pending = (await call('password', { email, password })).json().token as string;
    const [code] = await waitForMailedCodes(email, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let guess = 1; guess < MFA_MAX_ATTEMPTS; guess++) {
      expectError(await call('mfa', { email, token_code: wrong }), 401, errorDetails.invalidMfaCode);
    }
    expectError(await call('mfa', { email, token_code: wrong }), 401, errorDetails.mfaCodeBurned);
    // The link takes no more guesses at this code, not even the right one...
    expectError(await call('mfa', { email, token_code: code }), 401, errorDetails.mfaCodeBurned);
    // ...while the owner, with the pending token, signs in with it.
    const signedIn = await call('mfa', { email, token_code: code }, undefined, pending);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user_id).toBe(user.id);
  });

  it(`a reset code takes ${TOKEN_CODE_MAX_ATTEMPTS} wrong guesses from everyone, then is burned; the owner asks for a new one`, async () => {
    const { email } = await createTestUser(app);
    await call('forgot', { email });
    const [code] = await waitForMailedCodes(email, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let guess = 1; guess < TOKEN_CODE_MAX_ATTEMPTS; guess++) {
      expectError(await call('reset', resetBody(email, wrong)), 401, errorDetails.invalidTokenCode);
    }
    expectError(await call('reset', resetBody(email, wrong)), 401, errorDetails.tokenCodeBurned);
    expectError(await call('reset', resetBody(email, code!)), 401, errorDetails.invalidTokenCode);

    // A second later, so the new mail is the newest.
    clock.advance(1000);
    await call('forgot', { email });
    const [fresh] = await waitForMailedCodes(email, 2);
    expect((await call('reset', resetBody(email, fresh!))).statusCode).toBe(200);
  });

  it('an invitation burned by guesses is mailed again through Forgot password, and accepting it activates the account', async () => {
    const { email, user } = await createTestUser(app, { status: 'pending' });
    await createInvitation(app.ctx, user);
    const [code] = await waitForMailedCodes(email, 1);
    const accept = (token_code: string) => call('invite', { ...resetBody(email, token_code), agree_tos: true });
    for (let guess = 1; guess <= TOKEN_CODE_MAX_ATTEMPTS; guess++) await accept(code === '000000' ? '111111' : '000000');
    expectError(await accept(code!), 401, errorDetails.invalidTokenCode);

    clock.advance(1000);
    await call('forgot', { email });
    const [mail] = await waitForOutbox(app, email, 2);
    expect(mail!.subject).toBe('You are invited to the console');
    const fresh = /\b(\d{6})\b/.exec(mail!.text)?.[1];
    expect((await accept(fresh!)).statusCode).toBe(200);
    expect((await call('password', { email, password: 'Good-Pass-1' })).statusCode).toBe(200);
  });
});

describe('reset mails per account', () => {
  /** Forgot calls for one e-mail, all at once, each from its own address; resolves once every mail is out. */
  async function forgotFromManyAddresses(email: string, calls: number) {
    // An app of its own: closing it waits for the mails that go out after the answers.
    const forgotApp = await createTestApp(database, { clock, limits });
    const ask = (address: string, asked = email) =>
      forgotApp.inject({ method: 'POST', url: '/api/v1/login/forgot', payload: { email: asked }, remoteAddress: address });
    const answers = await Promise.all(Array.from({ length: calls }, (_, i) => ask(`10.2.${addressCounter}.${i}`)));
    const unknown = await ask(`10.3.${++addressCounter}.1`, uniqueEmail('nobody'));
    await forgotApp.close();
    return { answers, unknown };
  }

  it(`mails at most ${RESET_MAILS_PER_ACCOUNT} reset codes per account and window however many addresses ask, and answers alike`, async () => {
    const { email } = await createTestUser(app);
    const { answers, unknown } = await forgotFromManyAddresses(email, 20);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(unknown.body);
    }
    expect(await countRows(app, outbox, eq(outbox.to, email))).toBe(RESET_MAILS_PER_ACCOUNT);

    clock.advance(LOGIN_RATE_WINDOW_MS + 1000);
    await forgotFromManyAddresses(email, 1);
    expect(await countRows(app, outbox, eq(outbox.to, email))).toBe(RESET_MAILS_PER_ACCOUNT + 1);
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
