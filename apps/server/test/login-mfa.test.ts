import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MFA_CODE_TTL_MS, MFA_MAX_ATTEMPTS, errorDetails, isMfaPending } from '@console/contracts';
import { createClock, createTestApp, createTestUser, expectError, get, openTestDatabase, post, type TestClock } from './helper';
import { readCode, startSmtpServer } from './smtp';

let app: FastifyInstance;
let clock: TestClock;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  clock = createClock();
  app = await createTestApp(await openTestDatabase(), { smtpUrl: smtp.url, clock });
});

async function startMfa() {
  const account = await createTestUser(app, { isMfaEnabled: true });
  const response = await post(app, '/api/v1/login/password', { email: account.email, password: account.password });
  expect(response.statusCode).toBe(200);
  const pending = response.json();
  const mail = await smtp.waitForMail(account.email, 'Your sign-in code');
  return { ...account, pending, mail, ...readCode(mail, 'mfa') };
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('MFA sign-in', () => {
  it('answers a pending token (token === refresh_token) and e-mails a 6-digit code with a link', async () => {
    const { pending, link, code, email } = await startMfa();
    expect(isMfaPending(pending)).toBe(true);
    // Who signs in is told only with the code, like for a password that is right past the limit.
    expect(pending.user_id).toBeNull();
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toBe(`http://console.test/login/mfa/${encodeURIComponent(email)}/${code}`);
  });

  it('the pending token opens nothing but /login/mfa', async () => {
    const { pending } = await startMfa();
    expectError(await get(app, '/api/v1/session', pending.token), 401, errorDetails.invalidToken);
    expectError(await post(app, '/api/v1/login/refresh', { refresh_token: pending.refresh_token }), 401, errorDetails.invalidRefreshToken);
  });

  it('completes with the code and the pending token as bearer', async () => {
    const { pending, code, email, user } = await startMfa();
    const response = await post(app, '/api/v1/login/mfa', { email, token_code: code }, { authorization: `Bearer ${pending.token}` });
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens.user_id).toBe(user.id);
    expect(isMfaPending(tokens)).toBe(false);
    expect((await get(app, '/api/v1/session', tokens.token)).json().user.id).toBe(user.id);
  });

  it('completes from the e-mailed link without the pending token', async () => {
    const { code, email } = await startMfa();
    const response = await post(app, '/api/v1/login/mfa', { email, token_code: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toMatch(/^ey/);
  });

  it('a code works once', async () => {
    const { code, email } = await startMfa();
    expect((await post(app, '/api/v1/login/mfa', { email, token_code: code })).statusCode).toBe(200);
    expectError(await post(app, '/api/v1/login/mfa', { email, token_code: code }), 401, errorDetails.invalidMfaCode);
  });

  it('a code expires after MFA_CODE_TTL_MS', async () => {
    const { code, email } = await startMfa();
    clock.advance(MFA_CODE_TTL_MS + 1000);
    expectError(await post(app, '/api/v1/login/mfa', { email, token_code: code }), 401, errorDetails.invalidMfaCode);
  });

  it(`${MFA_MAX_ATTEMPTS} wrong codes with the pending token burn the challenge, the right code no longer works`, async () => {
    const { code, email, pending } = await startMfa();
    const bearer = { authorization: `Bearer ${pending.token}` };
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) {
      expectError(await post(app, '/api/v1/login/mfa', { email, token_code: wrongCode(code) }, bearer), 401, errorDetails.invalidMfaCode);
    }
    expectError(await post(app, '/api/v1/login/mfa', { email, token_code: wrongCode(code) }, bearer), 401, errorDetails.mfaCodeBurned);
    expectError(await post(app, '/api/v1/login/mfa', { email, token_code: code }, bearer), 401, errorDetails.invalidMfaCode);
    expectError(await post(app, '/api/v1/login/mfa', { email, token_code: code }), 401, errorDetails.invalidMfaCode);
  });

  it(`${MFA_MAX_ATTEMPTS} wrong codes at the link close the link alone: the pending token still completes`, async () => {
    const { code, email, pending } = await startMfa();
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) {
      expectError(await post(app, '/api/v1/login/mfa', { email, token_code: wrongCode(code) }), 401, errorDetails.invalidMfaCode);
    }
    expectError(await post(app, '/api/v1/login/mfa', { email, token_code: wrongCode(code) }), 401, errorDetails.mfaCodeBurned);
    expectError(await post(app, '/api/v1/login/mfa', { email, token_code: code }), 401, errorDetails.mfaCodeBurned);
    const bearer = { authorization: `Bearer ${pending.token}` };
    expect((await post(app, '/api/v1/login/mfa', { email, token_code: code }, bearer)).statusCode).toBe(200);
  });

  it('a new password sign-in makes the previous code worthless', async () => {
    const first = await startMfa();
    await post(app, '/api/v1/login/password', { email: first.email, password: first.password });
    const second = readCode(await smtp.waitForMail(first.email, 'Your sign-in code'), 'mfa');
    if (first.code !== second.code) {
      expectError(await post(app, '/api/v1/login/mfa', { email: first.email, token_code: first.code }), 401, errorDetails.invalidMfaCode);
    }
    expect((await post(app, '/api/v1/login/mfa', { email: first.email, token_code: second.code })).statusCode).toBe(200);
  });

  it('validates the code length with the contract message', async () => {
    expectError(await post(app, '/api/v1/login/mfa', { email: 'abc@d.ee', token_code: '123' }), 400, 'Code must be exactly 6 characters');
  });
});
