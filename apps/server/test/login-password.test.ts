import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorDetails } from '@console/contracts';
import { createTestApp, createTestUser, expectError, get, openTestDatabase, post, uniqueEmail } from './helper';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
});

describe('POST /api/v1/login/password', () => {
  it('signs in with the right password and the token opens the session', async () => {
    const { email, password, user } = await createTestUser(app);
    const response = await post(app, '/api/v1/login/password', { email: email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user_id).toBe(user.id);
    expect(body.token).toMatch(/^ey/);
    expect(body.refresh_token).not.toBe(body.token);

    const session = await get(app, '/api/v1/session', body.token);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const { email } = await createTestUser(app);
    const wrong = await post(app, '/api/v1/login/password', { email, password: 'Wrong-Pass-1' });
    const unknown = await post(app, '/api/v1/login/password', { email: uniqueEmail('ghost'), password: 'Wrong-Pass-1' });
    expectError(wrong, 401, errorDetails.invalidCredentials);
    expectError(unknown, 401, errorDetails.invalidCredentials);
    expect(unknown.body).toBe(wrong.body);
  });

  it.each(['blocked', 'locked', 'pending'] as const)('refuses a %s account, saying so only after a correct password', async (status) => {
    const { email, password } = await createTestUser(app, { status });
    expectError(await post(app, '/api/v1/login/password', { email, password }), 403, errorDetails.accountBlocked);
    expectError(await post(app, '/api/v1/login/password', { email, password: 'Wrong-Pass-1' }), 401, errorDetails.invalidCredentials);
  });

  it('notes the sign-in time', async () => {
    const { email, password, user } = await createTestUser(app);
    expect(user.lastLoginAt).toBeNull();
    await post(app, '/api/v1/login/password', { email, password });
    const { findUserByEmail } = await import('../src/modules/user/service');
    expect((await findUserByEmail(app.ctx.db, email))?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('validates with the contract messages', async () => {
    expectError(await post(app, '/api/v1/login/password', { email: 'ab', password: 'whatever1' }), 400, 'Email must be at least 3 characters');
    expectError(await post(app, '/api/v1/login/password', { email: 'abc@d.ee', password: 'short' }), 400, 'Password must be at least 8 characters');
    expectError(await post(app, '/api/v1/login/password', { email: 'abc@d.ee' }), 400, 'Password must be at least 8 characters');
    expectError(await post(app, '/api/v1/login/password', { email: 'abc@d.ee', password: 'x'.repeat(129) }), 400, 'Password must be at most 128 characters');
  });
});
