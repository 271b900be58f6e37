import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '@console/contracts';
import { buildApp, type AppDeps } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createUser, type CreateUserInput } from '../src/modules/user/service';
import { deployments, outbox, projects, workspaceMemberships, workspaces, type UserRow } from '../src/db/schema/index';
import { issueSession } from '../src/platform/tokens';

/**
 * Resources opened during a file's beforeAll are closed here, newest first. The hook is registered
 * when the file imports this module (hooks registered inside another hook would never run).
 */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
export function onCleanup(cleanup: () => Promise<unknown> | unknown): void {
  cleanups.push(cleanup);
}
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups.length = 0;
});

export const TEST_VERSION = '9.9.9-test';
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const STRONG_PASSWORD = 'Correct-Horse-7';

/** A clock tests move by hand, so windows and expiries pass without sleeping. */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => void (current += ms) };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, in the suite's PostgreSQL run
 * (TEST_DATABASE_ENGINE=postgres, see vitest.config.ts), a uniquely named database on the server of
 * TEST_DATABASE_URL (dropped afterwards). Tests isolate themselves by their own users.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = process.env.TEST_DATABASE_ENGINE === 'postgres' && serverUrl;
  const database = await openDatabase(onPostgres ? { databaseUrl: await createPostgresDatabase(serverUrl) } : {});
  onCleanup(() => database.close());
  await migrateDatabase(database);
  return database;
}

/**
 * An empty, uniquely named database on the PostgreSQL server of `serverUrl` (dropped, with whatever
 * still uses it, after the file); answers its URL.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onCleanup(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

interface TestAppOptions extends Partial<Omit<AppDeps, 'db'>> {
  clock?: TestClock;
}

/** Builds the app on the file's database; closed after the file. */
export async function createTestApp(database: Database, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { clock, ...deps } = options;
  const app = await buildApp({
    db: database.db,
    jwtSecret: TEST_SECRET,
    version: TEST_VERSION,
    nodeEnv: 'test',
    logLevel: 'silent',
    publicUrl: 'http://console.test',
    // Generous by default so unrelated tests never trip the throttle; the rate-limit tests set their own.
    limits: { maxCallsPerAddress: 100_000, maxFailuresPerAccount: 100_000 },
    ...(clock ? { now: clock.now } : {}),
    ...deps,
  });
  onCleanup(() => app.close());
  return app;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function createTestUser(
  app: FastifyInstance,
  input: Partial<CreateUserInput> = {},
): Promise<{ user: UserRow; email: string; password: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? STRONG_PASSWORD;
  const user = await createUser(app.ctx, { displayName: 'Test User', ...input, email, password });
  return { user, email, password };
}

export function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export function get(app: FastifyInstance, url: string, token?: string) {
  return app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export async function signIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const response = await post(app, '/api/v1/login/password', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json<{ user_id: string; token: string; refresh_token: string }>();
}

export function expectError(response: LightMyRequestResponse, status: number, detail?: string) {
  const body = response.json<{ status: number; title: string; detail: string; traceback: string[] }>();
  const problems: string[] = [];
  if (response.statusCode !== status) problems.push(`status ${response.statusCode} != ${status}`);
  if (body.status !== status) problems.push(`body.status ${body.status} != ${status}`);
  if (detail !== undefined && body.detail !== detail) problems.push(`detail '${body.detail}' != '${detail}'`);
  if (!Array.isArray(body.traceback) || typeof body.title !== 'string') problems.push('not the error shape');
  if (problems.length) throw new Error(`${problems.join('; ')}: ${response.body}`);
  return body;
}

/**
 * An access token for a user without the password step (no argon2): one session per call, issued
 * the way sign-in issues it. Sign-in itself is covered by the login tests.
 */
export async function tokenFor(app: FastifyInstance, user: UserRow): Promise<string> {
  return (await issueSession(app.ctx, user)).token;
}

/** A user (created through the service) and a token for them. */
export async function createSignedInUser(app: FastifyInstance, input: Partial<CreateUserInput> = {}) {
  const created = await createTestUser(app, input);
  return { ...created, token: await tokenFor(app, created.user) };
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A workspace with one project (and its deployment), and the given workspace members. */
export async function createWorkspaceTree(
  app: FastifyInstance,
  members: { user: UserRow; role: Role }[] = [],
  name = 'Acme',
) {
  const { db } = app.ctx;
  const [workspace] = await db.insert(workspaces).values({ displayName: name, status: 'active' }).returning();
  const [project] = await db.insert(projects).values({ workspaceId: workspace!.id, displayName: `${name} Help` }).returning();
  const [deployment] = await db
    .insert(deployments)
    .values({ projectId: project!.id, displayName: 'Production', key: randomUUID() })
    .returning();
  const memberships: Record<string, string> = {};
  for (const member of members) {
    const [row] = await db
      .insert(workspaceMemberships)
      .values({ workspaceId: workspace!.id, userId: member.user.id, role: member.role })
      .returning();
    memberships[member.user.id] = row!.id;
  }
  return { workspace: workspace!, project: project!, deployment: deployment!, memberships };
}

/** A workspace and its project with three signed-in members, one per role (admin, editor, viewer). */
export async function createProjectTeam(app: FastifyInstance, name = 'Acme') {
  const admin = await createSignedInUser(app);
  const editor = await createSignedInUser(app);
  const viewer = await createSignedInUser(app);
  const tree = await createWorkspaceTree(
    app,
    [
      { user: admin.user, role: 'admin' },
      { user: editor.user, role: 'editor' },
      { user: viewer.user, role: 'viewer' },
    ],
    name,
  );
  return { admin, editor, viewer, tree };
}

/** Rows of a table (for "nothing was written" checks). */
export async function countRows(app: FastifyInstance, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await app.ctx.db.select({ total: count() }).from(table).where(where);
  return Number(row?.total ?? 0);
}

/**
 * The mails kept for an address (without SMTP every mail is kept in the outbox), newest first, once
 * there are `atLeast`: sign-in and reset codes are mailed after the answer, so a test waits for them.
 */
export async function waitForOutbox(app: FastifyInstance, email: string, atLeast = 1) {
  for (let tries = 0; tries < 200; tries++) {
    const mails = await app.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
    if (mails.length >= atLeast) return mails;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${email} did not get ${atLeast} mails`);
}
