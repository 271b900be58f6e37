import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { INVITE_CODE_TTL_MS, RESET_CODE_TTL_MS, errorDetails } from '@console/contracts';
import { createInvitation } from '../src/modules/user/service';
import {
  STRONG_PASSWORD,
  createClock,
  createTestApp,
  createTestUser,
  expectError,
  get,
  openTestDatabase,
  post,
  signIn,
  uniqueEmail,
  type TestClock,
} from './helper';
import { readCode, startSmtpServer } from './smtp';

let app: FastifyInstance;
let clock: TestClock;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const NEW_PASSWORD = 'Brand-New-Pass-9';

beforeAll(async () => {
  smtp = await startSmtpServer();
  clock = createClock();
  app = await createTestApp(await openTestDatabase(), { smtpUrl: smtp.url, clock });
});

const resetBody = (email: string, code: string, password = NEW_PASSWORD) => ({
  email,
  token_code: code,
  password,
  password_validator: password,
});

describe('forgot and reset', () => {
  it('forgot answers identically for a known and an unknown e-mail', async () => {
    const { email } = await createTestUser(app);
    const known = await post(app, '/api/v1/login/forgot', { email });
    const unknown = await post(app, '/api/v1/login/forgot', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ user_id: null, token: null, refresh_token: null });
    // Only the real account gets a mail.
    await smtp.waitForMail(email, 'Reset your password');
  });

  it('resets with the e-mailed code, ends old sessions, and the new password signs in', async () => {
    const { email, user } = await createTestUser(app);
    const before = await signIn(app, email);
    await post(app, '/api/v1/login/forgot', { email });
    const mail = await smtp.waitForMail(email, 'Reset your password');
    const { code, link } = readCode(mail, 'reset');
    expect(link).toBe(`http://console.test/login/reset/${encodeURIComponent(email)}/${code}`);

    const reset = await post(app, '/api/v1/login/reset', resetBody(email, code));
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ user_id: user.id, token: null, refresh_token: null });

    expectError(await get(app, '/api/v1/session', before.token), 401);
    expectError(await post(app, '/api/v1/login/refresh', { refresh_token: before.refresh_token }), 401);
    expectError(await post(app, '/api/v1/login/password', { email, password: STRONG_PASSWORD }), 401, errorDetails.invalidCredentials);
    expect((await post(app, '/api/v1/login/password', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    // Single use.
    expectError(await post(app, '/api/v1/login/reset', resetBody(email, code, 'Another-Pass-3')), 401, errorDetails.invalidTokenCode);
  });

  it('refuses a wrong or expired code', async () => {
    const { email } = await createTestUser(app);
    await post(app, '/api/v1/login/forgot', { email });
    const { code } = readCode(await smtp.waitForMail(email, 'Reset your password'), 'reset');
    expectError(await post(app, '/api/v1/login/reset', resetBody(email, code === '000000' ? '111111' : '000000')), 401, errorDetails.invalidTokenCode);
    clock.advance(RESET_CODE_TTL_MS + 1000);
    expectError(await post(app, '/api/v1/login/reset', resetBody(email, code)), 401, errorDetails.invalidTokenCode);
  });

  it('validates the new password with the contract messages', async () => {
    const body = (password: string, validator = password) => ({ email: 'abc@d.ee', token_code: '123456', password, password_validator: validator });
    expectError(await post(app, '/api/v1/login/reset', body('lowercase-1')), 400, 'Password must contain at least one uppercase letter');
    expectError(await post(app, '/api/v1/login/reset', body('NoNumber-x')), 400, 'Password must contain at least one number');
    expectError(await post(app, '/api/v1/login/reset', body('NoSpecial1x')), 400, 'Password must contain at least one special character');
    expectError(await post(app, '/api/v1/login/reset', body('Good-Pass-1', 'Other-Pass-1')), 400, 'Confirm Password must match Password');
    expectError(await post(app, '/api/v1/login/reset', { ...body('Good-Pass-1'), token_code: '12' }), 400, 'Code must be exactly 6 characters');
  });
});

describe('invitations', () => {
  const inviteBody = (email: string, code: string) => ({ ...resetBody(email, code), agree_tos: true });

  it('accepting an e-mailed invitation activates the account with the chosen password', async () => {
    const { email, user } = await createTestUser(app, { status: 'pending' });
    await createInvitation(app.ctx, user);
    const mail = await smtp.waitForMail(email, 'You are invited to the console');
    const { code, link } = readCode(mail, 'invite');
    expect(link).toBe(`http://console.test/login/invite/${encodeURIComponent(email)}/${code}`);

    const accepted = await post(app, '/api/v1/login/invite', inviteBody(email, code));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ user_id: user.id, token: null, refresh_token: null });
    expect((await post(app, '/api/v1/login/password', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expectError(await post(app, '/api/v1/login/invite', inviteBody(email, code)), 401, errorDetails.invalidTokenCode);
  });

  it('requires agreeing to the terms, and refuses an expired invitation', async () => {
    const { email, user } = await createTestUser(app, { status: 'pending' });
    const { code } = await createInvitation(app.ctx, user, { sendEmail: false });
    expectError(
      await post(app, '/api/v1/login/invite', { ...inviteBody(email, code), agree_tos: false }),
      400,
      'Agreement to the terms of use must be true.',
    );
    clock.advance(INVITE_CODE_TTL_MS + 1000);
    expectError(await post(app, '/api/v1/login/invite', inviteBody(email, code)), 401, errorDetails.invalidTokenCode);
  });
});
