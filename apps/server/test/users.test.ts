import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { errorDetails, userSchema, type User } from '@console/contracts';
import type { Database } from '../src/db/client';
import { invitations, refreshTokens, users, workspaceMemberships } from '../src/db/schema/index';
import {
  STRONG_PASSWORD,
  call,
  countRows,
  createSignedInUser,
  createTestApp,
  createWorkspaceTree,
  expectError,
  openTestDatabase,
  post,
  signIn,
  uniqueEmail,
} from './helper';
import { readCode, startSmtpServer } from './smtp';

let database: Database;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let root: Awaited<ReturnType<typeof createSignedInUser>>;
const NEW_PASSWORD = 'Brand-New-Pass-9';
const passwordBody = (password = NEW_PASSWORD) => ({ password, password_validator: password });

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await openTestDatabase();
  app = await createTestApp(database, { smtpUrl: smtp.url });
  root = await createSignedInUser(app, { isSuperUser: true, displayName: 'Root Admin' });
});

const privilege = (email: string, changes: Record<string, unknown> = {}) => ({
  status: 'active',
  email,
  is_super_user: false,
  is_mfa_enabled: false,
  ...changes,
});

describe('POST /user', () => {
  it('creates an active user with MFA on and e-mails an invitation code that /login/invite accepts', async () => {
    const email = uniqueEmail('invitee');
    const created = await call(app, 'POST', '/api/v1/user', root.token, { display_name: 'New Person', email: email.toUpperCase() });
    expect(created.statusCode).toBe(201);
    const user = created.json<User>();
    expect(Object.keys(user).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(user).toMatchObject({ display_name: 'New Person', email, status: 'active', is_mfa_enabled: true, is_super_user: false, last_login_at: null });
    expect(created.body).not.toMatch(/argon|password/i);

    const { code } = readCode(await smtp.waitForMail(email, 'You are invited to the console'), 'invite');
    // The invitation panel shows the same code.
    const panel = await call(app, 'GET', `/api/v1/user/${user.id}/invite`, root.token);
    expect(panel.json()).toMatchObject({ invitation: { code } });

    const accepted = await post(app, '/api/v1/login/invite', {
      email,
      token_code: code,
      password: NEW_PASSWORD,
      password_validator: NEW_PASSWORD,
      agree_tos: true,
    });
    expect(accepted.statusCode).toBe(200);
    // MFA is on by default: the password step now asks for the second factor.
    const signIn = await post(app, '/api/v1/login/password', { email, password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json<{ token: string; refresh_token: string }>().token).toBe(signIn.json<{ refresh_token: string }>().refresh_token);
    expect((await call(app, 'GET', `/api/v1/user/${user.id}/invite`, root.token)).json()).toEqual({ invitation: null });
  });

  it('takes an optional password, status and MFA flag; a user given a password gets no invitation', async () => {
    const email = uniqueEmail('direct');
    const created = await call(app, 'POST', '/api/v1/user', root.token, {
      display_name: 'Direct Person',
      email,
      password: STRONG_PASSWORD,
      password_validator: STRONG_PASSWORD,
      status: 'blocked',
      is_mfa_enabled: false,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'blocked', is_mfa_enabled: false });
    const panel = await call(app, 'GET', `/api/v1/user/${created.json<{ id: string }>().id}/invite`, root.token);
    expect(panel.json()).toEqual({ invitation: null });
    expect(smtp.mailsTo(email)).toEqual([]);
  });

  it('an unreachable mail server answers 503; user and invitation are committed and the code is in the panel', async () => {
    const offline = await createTestApp(database, { smtpUrl: 'smtp://127.0.0.1:1' });
    const email = uniqueEmail('offline');
    expectError(await call(offline, 'POST', '/api/v1/user', root.token, { display_name: 'Offline Person', email }), 503);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
    const panel = await call(app, 'GET', `/api/v1/user/${row!.id}/invite`, root.token);
    expect(panel.json<{ invitation: { code: string } | null }>().invitation?.code).toMatch(/^\d{6}$/);
  });

  it('refuses a duplicate e-mail (any case) with 409 and writes nothing', async () => {
    const usersBefore = await countRows(app, users);
    const invitationsBefore = await countRows(app, invitations);
    const duplicate = await call(app, 'POST', '/api/v1/user', root.token, { display_name: 'Again', email: root.email.toUpperCase() });
    expectError(duplicate, 409, 'A user with this email already exists.');
    expect(await countRows(app, users)).toBe(usersBefore);
    expect(await countRows(app, invitations)).toBe(invitationsBefore);
  });
});

describe('GET /user', () => {
  it('lists users, filtered and sorted, without secrets', async () => {
    const marker = `zz${crypto.randomUUID().slice(0, 6)}`;
    for (const name of ['Carol', 'alice', 'Bob']) await createSignedInUser(app, { displayName: `${marker} ${name}` });
    const response = await call(app, 'GET', `/api/v1/user?display_name__like=${marker}&sort_field=display_name&sort_direction=descending`, root.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ records: User[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.records.map((user) => user.display_name.split(' ')[1]?.toLowerCase())).toEqual(['carol', 'bob', 'alice']);
    expect(response.body).not.toMatch(/password|token_version|\$argon/i);
  });
});

describe('own profile and password', () => {
  it('reads and renames oneself; cannot read another user; super users read anyone; unknown is 404', async () => {
    const me = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    expect((await call(app, 'GET', `/api/v1/user/${me.user.id}`, me.token)).statusCode).toBe(200);
    const renamed = await call(app, 'PUT', `/api/v1/user/${me.user.id}`, me.token, { display_name: 'Me Myself' });
    expect(renamed.json()).toMatchObject({ display_name: 'Me Myself' });
    expectError(await call(app, 'GET', `/api/v1/user/${other.user.id}`, me.token), 403);
    expectError(await call(app, 'PUT', `/api/v1/user/${other.user.id}`, me.token, { display_name: 'Hacked' }), 403);
    // Without the right, an unknown id is also 403: the answer does not tell which ids exist.
    expectError(await call(app, 'GET', `/api/v1/user/${crypto.randomUUID()}`, me.token), 403);
    expect((await call(app, 'GET', `/api/v1/user/${other.user.id}`, root.token)).statusCode).toBe(200);
    expectError(await call(app, 'GET', `/api/v1/user/${crypto.randomUUID()}`, root.token), 404);
  });

  it("changing one's own password needs the current one and signs out the other sessions, not the caller's", async () => {
    const me = await createSignedInUser(app);
    const elsewhere = await signIn(app, me.email, me.password);
    const url = `/api/v1/user/${me.user.id}/password`;
    expectError(await call(app, 'PUT', url, me.token, passwordBody()), 400, 'Current Password must be at least 8 characters');
    expectError(await call(app, 'PUT', url, me.token, { current_password: 'Wrong-Pass-1', ...passwordBody() }), 400, errorDetails.wrongCurrentPassword);

    expect((await call(app, 'PUT', url, me.token, { current_password: me.password, ...passwordBody() })).statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/v1/user/${me.user.id}`, me.token)).statusCode).toBe(200);
    expectError(await call(app, 'GET', `/api/v1/user/${me.user.id}`, elsewhere.token), 401);
    expectError(await post(app, '/api/v1/login/refresh', { refresh_token: elsewhere.refresh_token }), 401);
    expectError(await post(app, '/api/v1/login/password', { email: me.email, password: me.password }), 401);
    expect((await post(app, '/api/v1/login/password', { email: me.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('wrong current passwords count as wrong passwords at sign-in: past the limit the change waits and sign-in asks for a mailed code', async () => {
    const throttled = await createTestApp(database, { limits: { maxCallsPerAddress: 100_000, maxFailuresPerAccount: 2 } });
    const me = await createSignedInUser(throttled);
    const url = `/api/v1/user/${me.user.id}/password`;
    for (let i = 0; i < 2; i++) {
      expectError(await call(throttled, 'PUT', url, me.token, { current_password: `Wrong-Pass-${i}`, ...passwordBody() }), 400);
    }
    const waiting = await call(throttled, 'PUT', url, me.token, { current_password: me.password, ...passwordBody() });
    expectError(waiting, 429);
    expect(waiting.headers['retry-after']).toBeDefined();
    const signIn = await post(throttled, '/api/v1/login/password', { email: me.email, password: me.password });
    expect(signIn.json()).toMatchObject({ user_id: null });
  });

  it("a super user sets another user's password, ending that user's sessions", async () => {
    const target = await createSignedInUser(app);
    expect((await call(app, 'PUT', `/api/v1/user/${target.user.id}/password`, root.token, passwordBody())).statusCode).toBe(204);
    expectError(await call(app, 'GET', `/api/v1/user/${target.user.id}`, target.token), 401);
    expect((await call(app, 'GET', `/api/v1/user/${root.user.id}`, root.token)).statusCode).toBe(200);
  });
});

describe('PUT /user/{id}/privilege', () => {
  it('nobody sets their own privileges, not even a super user', async () => {
    expectError(await call(app, 'PUT', `/api/v1/user/${root.user.id}/privilege`, root.token, privilege(root.email, { is_super_user: true })), 403);
  });

  it('changes e-mail and flags; a taken e-mail is 409', async () => {
    const target = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const newEmail = uniqueEmail('renamed');
    const changed = await call(app, 'PUT', `/api/v1/user/${target.user.id}/privilege`, root.token, privilege(newEmail, { is_mfa_enabled: true }));
    expect(changed.json()).toMatchObject({ email: newEmail, is_mfa_enabled: true, status: 'active' });
    expectError(
      await call(app, 'PUT', `/api/v1/user/${target.user.id}/privilege`, root.token, privilege(other.email.toUpperCase())),
      409,
      'A user with this email already exists.',
    );
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row?.email).toBe(newEmail);
  });

  it('blocking ends every session at once', async () => {
    const target = await createSignedInUser(app);
    const blocked = await call(app, 'PUT', `/api/v1/user/${target.user.id}/privilege`, root.token, privilege(target.email, { status: 'blocked' }));
    expect(blocked.json()).toMatchObject({ status: 'blocked' });
    expectError(await call(app, 'GET', `/api/v1/user/${target.user.id}`, target.token), 401);
    const live = await app.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, target.user.id));
    expect(live.every((token) => token.revokedAt !== null)).toBe(true);
  });

  it('promoting makes a super user; demoting takes it back', async () => {
    const target = await createSignedInUser(app);
    expectError(await call(app, 'GET', '/api/v1/user', target.token), 403);
    await call(app, 'PUT', `/api/v1/user/${target.user.id}/privilege`, root.token, privilege(target.email, { is_super_user: true }));
    expect((await call(app, 'GET', '/api/v1/user', target.token)).statusCode).toBe(200);
    await call(app, 'PUT', `/api/v1/user/${target.user.id}/privilege`, root.token, privilege(target.email, { is_super_user: false }));
    expectError(await call(app, 'GET', '/api/v1/user', target.token), 403);
  });
});

describe('reset panel', () => {
  it('issues a code without mail that works at /login/reset, once', async () => {
    const target = await createSignedInUser(app);
    expect((await call(app, 'GET', `/api/v1/user/${target.user.id}/reset`, root.token)).json()).toEqual({ reset_request: null });
    const issued = await call(app, 'PUT', `/api/v1/user/${target.user.id}/reset`, root.token, { send_email: false, confirmed: true });
    expect(issued.statusCode).toBe(200);
    const request = issued.json<{ reset_request: { code: string; send_email: boolean; confirmed: boolean } }>().reset_request;
    expect(request).toMatchObject({ send_email: false, confirmed: true });
    expect(request.code).toMatch(/^\d{6}$/);
    expect((await call(app, 'GET', `/api/v1/user/${target.user.id}/reset`, root.token)).json()).toEqual(issued.json());

    const reset = await post(app, '/api/v1/login/reset', { email: target.email, token_code: request.code, ...passwordBody() });
    expect(reset.statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/v1/user/${target.user.id}/reset`, root.token)).json()).toEqual({ reset_request: null });
  });

  it('with send_email the code is mailed; a new code replaces the old; DELETE withdraws it', async () => {
    const target = await createSignedInUser(app);
    const first = await call(app, 'PUT', `/api/v1/user/${target.user.id}/reset`, root.token, { confirmed: true });
    const mailed = readCode(await smtp.waitForMail(target.email, 'Reset your password'), 'reset');
    expect(first.json()).toMatchObject({ reset_request: { code: mailed.code, send_email: true } });

    const second = await call(app, 'PUT', `/api/v1/user/${target.user.id}/reset`, root.token, { send_email: false, confirmed: true });
    const secondCode = second.json<{ reset_request: { code: string } }>().reset_request.code;
    if (secondCode !== mailed.code) {
      expectError(await post(app, '/api/v1/login/reset', { email: target.email, token_code: mailed.code, ...passwordBody() }), 401);
    }

    expect((await call(app, 'DELETE', `/api/v1/user/${target.user.id}/reset`, root.token)).statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/v1/user/${target.user.id}/reset`, root.token)).json()).toEqual({ reset_request: null });
    expectError(await post(app, '/api/v1/login/reset', { email: target.email, token_code: secondCode, ...passwordBody() }), 401, errorDetails.invalidTokenCode);
  });

  it('nobody resets or reads codes of themselves', async () => {
    for (const [method, suffix] of [['GET', 'reset'], ['PUT', 'reset'], ['DELETE', 'reset'], ['GET', 'invite']] as const) {
      const body = method === 'PUT' ? { confirmed: true } : undefined;
      expectError(await call(app, method, `/api/v1/user/${root.user.id}/${suffix}`, root.token, body), 403);
    }
  });
});

describe('DELETE /user/{id}', () => {
  it('removes the user with memberships and sessions; never oneself', async () => {
    const target = await createSignedInUser(app);
    const tree = await createWorkspaceTree(app, [{ user: target.user, role: 'admin' }]);
    expect((await call(app, 'DELETE', `/api/v1/user/${target.user.id}`, root.token)).statusCode).toBe(204);
    expectError(await call(app, 'GET', `/api/v1/user/${target.user.id}`, root.token), 404);
    expectError(await call(app, 'GET', `/api/v1/workspace/${tree.workspace.id}`, target.token), 401);
    expect(await countRows(app, workspaceMemberships, eq(workspaceMemberships.userId, target.user.id))).toBe(0);
    expect(await countRows(app, refreshTokens, eq(refreshTokens.userId, target.user.id))).toBe(0);
    expectError(await call(app, 'DELETE', `/api/v1/user/${root.user.id}`, root.token), 403);
    expectError(await call(app, 'DELETE', `/api/v1/user/${crypto.randomUUID()}`, root.token), 404);
  });
});
