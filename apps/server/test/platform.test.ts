import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { aboutSchema, apiErrorSchema, healthSchema, isMfaPending } from '@console/contracts';
import { ConfigError, readConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { readVersion } from '../src/version';
import { access } from '../src/platform/access';
import { call, createSignedInUser, createTestApp, createTestUser, expectError, get, openTestDatabase, post, uniqueEmail } from './helper';

let database: Database;
let app: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  database = await openTestDatabase();
  webRoot = mkdtempSync(path.join(tmpdir(), 'console-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Console</title><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")');
  app = await createTestApp(database, { webRoot, supportEmail: 'help@example.com', termsUrl: 'https://example.com/terms' });
});

afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe('health and about', () => {
  it('GET /healthz answers ok and the version', async () => {
    const response = await get(app, '/healthz');
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toEqual({ status: 'ok', version: '9.9.9-test' });
  });

  it('GET /api/v1/about is public and names the support address and the terms of use', async () => {
    const response = await get(app, '/api/v1/about');
    expect(response.statusCode).toBe(200);
    expect(aboutSchema.parse(response.json())).toEqual({
      version: '9.9.9-test',
      support_email: 'help@example.com',
      terms_url: 'https://example.com/terms',
    });
  });

  it('GET /api/v1/about says when the operator published no terms of use', async () => {
    const bare = await createTestApp(database);
    const response = await get(bare, '/api/v1/about');
    expect(aboutSchema.parse(response.json())).toMatchObject({ support_email: null, terms_url: null });
  });

  it('the version is the root package.json version, or development', () => {
    expect(readVersion('production')).toMatch(/^\d+\.\d+\.\d+/);
    expect(readVersion('development')).toBe('development');
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the contracts at /api/docs/json', async () => {
    const response = await get(app, '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const route of ['/api/v1/login/password', '/api/v1/login/mfa', '/api/v1/login/refresh', '/api/v1/session', '/healthz']) {
      expect(Object.keys(document.paths)).toContain(route);
    }
    const body = document.paths['/api/v1/login/password'].post.requestBody.content['application/json'].schema;
    expect(body.properties.email.minLength).toBe(3);
  });

  it('serves the reference page and its scripts from our own origin (works under the CSP)', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.startsWith('http')).toBe(false);
      const url = script.startsWith('/') ? script : `/api/docs/${script.replace(/^\.\//, '')}`;
      expect((await get(app, url)).statusCode).toBe(200);
    }
  });
});

describe('security headers', () => {
  it('sends a CSP the console and the docs work under', async () => {
    for (const url of ['/', '/api/docs/', '/api/v1/about']) {
      const csp = String((await get(app, url)).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
    }
    const headers = (await get(app, '/healthz')).headers;
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the console (static files)', () => {
  it('serves index.html at / and for client-side routes', async () => {
    for (const url of ['/', '/workspace', '/project/123/content', '/login/mfa/a%40b.c/123456']) {
      const response = await get(app, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves assets with long cache headers', async () => {
    const response = await get(app, '/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('console.log');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never answers index.html under /api, /image, /healthz or /widget', async () => {
    expectError(await get(app, '/api/v1/no-such-route'), 404, 'Route not found.');
    expectError(await get(app, '/api/anything'), 404, 'Route not found.');
    expectError(await get(app, '/widget/nope.js'), 404, 'Route not found.');
    expectError(await get(app, '/image/x'), 404, 'Route not found.');
    expectError(await app.inject({ method: 'POST', url: '/api/v1/nothing', payload: {} }), 404, 'Route not found.');
  });

  it('without a built console, / is a plain 404', async () => {
    const bare = await createTestApp(database, { webRoot: path.join(webRoot, 'missing') });
    expectError(await get(bare, '/'), 404, 'Route not found.');
  });
});

describe('avatars', () => {
  it('draws an identicon for an e-mail hash, cacheable for long', async () => {
    const hash = createHash('sha256').update('someone@example.com').digest('hex');
    const response = await get(app, `/image/i/${hash}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.body).toMatch(/^<svg/);
    expect((await get(app, `/image/i/${hash}`)).body).toBe(response.body);
  });

  it('refuses a hash that is not hex', async () => {
    expectError(await get(app, '/image/i/not-a-hash'), 400, 'Hash must be a hexadecimal e-mail hash');
  });
});

describe('declared access', () => {
  it('refuses at start-up a route under /api/v1 that states no access', async () => {
    const fresh = await createTestApp(database);
    const registering = fresh.register(async (api) => {
      api.get('/api/v1/forgotten-guard', async () => ({ leaked: true }));
    });
    await expect(registering).rejects.toThrow('GET /api/v1/forgotten-guard states no access');
    await fresh.close().catch(() => undefined);
  });

  it('enforces what a route declares: public is open, signed-in needs a token, super-user a super user', async () => {
    const fresh = await createTestApp(database);
    await fresh.register(async (api) => {
      api.get('/api/v1/declared-public', { config: { access: access.public } }, async () => ({ open: true }));
      api.get('/api/v1/declared-signed-in', { config: { access: access.signedIn } }, async () => ({ signedIn: true }));
      api.get('/api/v1/declared-super-user', { config: { access: access.superUser } }, async () => ({ super: true }));
    });
    const ordinary = (await createSignedInUser(fresh)).token;
    const root = (await createSignedInUser(fresh, { isSuperUser: true })).token;
    expect((await get(fresh, '/api/v1/declared-public')).json()).toEqual({ open: true });
    expectError(await get(fresh, '/api/v1/declared-signed-in'), 401, 'Sign in to continue.');
    expect((await get(fresh, '/api/v1/declared-signed-in', ordinary)).json()).toEqual({ signedIn: true });
    expectError(await get(fresh, '/api/v1/declared-super-user', ordinary), 403);
    expect((await get(fresh, '/api/v1/declared-super-user', root)).json()).toEqual({ super: true });
    await fresh.close();
  });
});

describe('the first super user', () => {
  it("ADMIN_EMAIL follows the sign-in's e-mail rule, so the account it makes can sign in", () => {
    expect(readConfig({ ADMIN_EMAIL: '  Admin@Example.com ' }).adminEmail).toBe('admin@example.com');
    expect(() => readConfig({ ADMIN_EMAIL: `${'x'.repeat(250)}@example.com` })).toThrow(ConfigError);
  });
});

describe('mail failures', () => {
  it('an unreachable mail server answers 503 in the error shape, not a 500', async () => {
    const broken = await createTestApp(database, { smtpUrl: 'smtp://127.0.0.1:1' });
    const admin = await createSignedInUser(broken, { isSuperUser: true });
    const invited = { display_name: 'Invited Person', email: uniqueEmail('invited') };
    expectError(await call(broken, 'POST', '/api/v1/user', admin.token, invited), 503, 'The e-mail could not be sent: try again later.');
  });

  it('the sign-in code mail goes out after the answer, whose time must not tell that the password was right', async () => {
    const broken = await createTestApp(database, { smtpUrl: 'smtp://127.0.0.1:1' });
    const { email, password } = await createTestUser(broken, { isMfaEnabled: true });
    const pending = await post(broken, '/api/v1/login/password', { email, password });
    expect(pending.statusCode).toBe(200);
    expect(isMfaPending(pending.json())).toBe(true);
  });
});

describe('the error shape', () => {
  it('malformed JSON, wrong types and wrong content types are 400s, never 500s', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/v1/login/password', payload, headers: { 'content-type': contentType } });
    expectError(await post('{"email":'), 400, 'Body is not valid JSON.');
    expectError(await post('[]'), 400);
    expectError(await post('"text"'), 400);
    expectError(await post('{"email": 42, "password": "Passw0rd!"}'), 400, 'Email must be at least 3 characters');
    expectError(await post('{"email": null}'), 400, 'Email must be at least 3 characters');
    const wrongType = await post('email=a', 'application/x-www-form-urlencoded');
    expect(wrongType.statusCode).toBe(415);
    expect(apiErrorSchema.parse(wrongType.json()).status).toBe(415);
    expectError(await app.inject({ method: 'POST', url: '/api/v1/login/password' }), 400);
  });

  it('carries no traceback outside development, and one in development', async () => {
    const production = await get(app, '/api/v1/session?workspace=x');
    expect(expectError(production, 401).traceback).toEqual([]);
    const development = await createTestApp(database, { nodeEnv: 'development' });
    const response = await development.inject({ method: 'POST', url: '/api/v1/login/password', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(expectError(response, 400).traceback.length).toBeGreaterThan(0);
  });
});
