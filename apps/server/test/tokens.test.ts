import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, errorDetails, type RefreshResult } from '@console/contracts';
import { SignJWT, decodeJwt } from 'jose';
import type { Database } from '../src/db/client';
import { blockUser, changeUserPassword } from '../src/modules/user/service';
import { issueSession } from '../src/platform/tokens';
import {
  TEST_SECRET,
  createClock,
  createTestApp,
  createTestUser,
  expectError,
  get,
  openTestDatabase,
  post,
  signIn,
  type TestClock,
} from './helper';

let database: Database;
let app: FastifyInstance;
let clock: TestClock;

beforeAll(async () => {
  clock = createClock();
  database = await openTestDatabase();
  app = await createTestApp(database, { clock });
});

const refresh = (token: string) => post(app, '/api/v1/login/refresh', { refresh_token: token });

describe('signing out', () => {
  it("ends the session: its refresh token and its access token stop working, other sessions go on", async () => {
    const { email } = await createTestUser(app);
    const session = await signIn(app, email);
    const other = await signIn(app, email);
    const signedOut = await post(app, '/api/v1/login/sign-out', { refresh_token: session.refresh_token });
    expect(signedOut.statusCode).toBe(204);
    expect(signedOut.body).toBe('');

    expectError(await refresh(session.refresh_token), 401, errorDetails.invalidRefreshToken);
    expectError(await get(app, '/api/v1/session', session.token), 401, errorDetails.invalidToken);
    expect((await get(app, '/api/v1/session', other.token)).statusCode).toBe(200);
  });

  it('ends the session from a token rotated since, and answers alike for a token that names none', async () => {
    const { email } = await createTestUser(app);
    const first = await signIn(app, email);
    const rotated = (await refresh(first.refresh_token)).json();
    expect((await post(app, '/api/v1/login/sign-out', { refresh_token: first.refresh_token })).statusCode).toBe(204);
    expectError(await refresh(rotated.refresh_token), 401, errorDetails.invalidRefreshToken);
    expectError(await get(app, '/api/v1/session', rotated.token), 401, errorDetails.invalidToken);

    expect((await post(app, '/api/v1/login/sign-out', { refresh_token: 'names-no-session' })).statusCode).toBe(204);
    expectError(await post(app, '/api/v1/login/sign-out', {}), 400);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use, and each new pair works', async () => {
    const { email } = await createTestUser(app);
    const first = await signIn(app, email);
    const second = (await refresh(first.refresh_token)).json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const third = await refresh(second.refresh_token);
    expect(third.statusCode).toBe(200);
    expect((await get(app, '/api/v1/session', third.json().token)).statusCode).toBe(200);
  });

  it('reusing a rotated token revokes the whole family', async () => {
    const { email } = await createTestUser(app);
    const first = await signIn(app, email);
    const second = (await refresh(first.refresh_token)).json();
    expectError(await refresh(first.refresh_token), 401, errorDetails.invalidRefreshToken);
    // The legitimate holder of the newest pair is signed out too: nobody knows who the thief was.
    expectError(await refresh(second.refresh_token), 401, errorDetails.invalidRefreshToken);
    expectError(await get(app, '/api/v1/session', second.token), 401, errorDetails.invalidToken);
  });

  it('one token sent twice at once, to two server processes, leaves no token of its family working', async () => {
    const other = await createTestApp(database, { clock });
    const { user } = await createTestUser(app);
    // Which use wins, and when the other one looks, varies from run to run: every order must end the same.
    for (let attempt = 0; attempt < 10; attempt++) {
      const session = await issueSession(app.ctx, user);
      const uses = await Promise.all([app, other, app].map((server) => post(server, '/api/v1/login/refresh', { refresh_token: session.refresh_token })));
      expect(uses.filter((use) => use.statusCode === 401).length).toBeGreaterThan(0);
      const issued = [session, ...uses.filter((use) => use.statusCode === 200).map((use) => use.json<RefreshResult>())];
      for (const pair of issued) {
        expectError(await get(app, '/api/v1/session', pair.token), 401, errorDetails.invalidToken);
        expectError(await refresh(pair.refresh_token), 401, errorDetails.invalidRefreshToken);
      }
    }
  });

  it('another sign-in of the same user is a separate family and keeps working', async () => {
    const { email } = await createTestUser(app);
    const laptop = await signIn(app, email);
    const phone = await signIn(app, email);
    await refresh(laptop.refresh_token);
    await refresh(laptop.refresh_token);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    expectError(await refresh('not-a-real-token'), 401, errorDetails.invalidRefreshToken);
  });
});

describe('access tokens', () => {
  it('are refused without a bearer, when malformed, forged, or expired', async () => {
    const { email, user } = await createTestUser(app);
    const { token } = await signIn(app, email);
    expectError(await get(app, '/api/v1/session'), 401, errorDetails.missingToken);
    expectError(await get(app, '/api/v1/session', 'garbage'), 401, errorDetails.invalidToken);
    const forged = await new SignJWT({ sid: 'x', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length-000'));
    expectError(await get(app, '/api/v1/session', forged), 401, errorDetails.invalidToken);
    // The "none" algorithm must never be accepted.
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.id, sid: 'x', ver: 0 })).toString('base64url')}.`;
    expectError(await get(app, '/api/v1/session', unsigned), 401, errorDetails.invalidToken);
    clock.advance((ACCESS_TOKEN_TTL_SECONDS + 5) * 1000);
    expectError(await get(app, '/api/v1/session', token), 401, errorDetails.invalidToken);
  });

  it('a token signed with the right key but an unknown session family is refused', async () => {
    const { user } = await createTestUser(app);
    const token = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(TEST_SECRET));
    expectError(await get(app, '/api/v1/session', token), 401, errorDetails.invalidToken);
  });

  it("a token of a live session signed with the server's secret but without an expiry is refused", async () => {
    const { email } = await createTestUser(app);
    const { token } = await signIn(app, email);
    const { sub, sid, ver, iat } = decodeJwt(token);
    const resign = (expires: boolean) => {
      const jwt = new SignJWT({ sid, ver }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(sub!).setIssuedAt(iat!);
      return (expires ? jwt.setExpirationTime(iat! + 60) : jwt).sign(new TextEncoder().encode(TEST_SECRET));
    };
    expect((await get(app, '/api/v1/session', await resign(true))).statusCode).toBe(200);
    expectError(await get(app, '/api/v1/session', await resign(false)), 401, errorDetails.invalidToken);
  });
});

describe('ending sessions', () => {
  it('blocking a user ends every session and refuses sign-in', async () => {
    const { email, password, user } = await createTestUser(app);
    const a = await signIn(app, email);
    const b = await signIn(app, email);
    await blockUser(app.ctx, user.id);
    for (const session of [a, b]) {
      expectError(await get(app, '/api/v1/session', session.token), 401);
      expectError(await refresh(session.refresh_token), 401, errorDetails.invalidRefreshToken);
    }
    expectError(await post(app, '/api/v1/login/password', { email, password }), 403, errorDetails.accountBlocked);
  });

  it('changing the password ends every session; the new password signs in', async () => {
    const { email, user } = await createTestUser(app);
    const old = await signIn(app, email);
    await changeUserPassword(app.ctx, user, 'Changed-Pass-4', 'password_reset.completed');
    expectError(await get(app, '/api/v1/session', old.token), 401, errorDetails.invalidToken);
    expectError(await refresh(old.refresh_token), 401, errorDetails.invalidRefreshToken);
    const fresh = await signIn(app, email, 'Changed-Pass-4');
    expect((await get(app, '/api/v1/session', fresh.token)).statusCode).toBe(200);
  });
});
