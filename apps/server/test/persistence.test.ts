import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newPasswordSchema } from '@console/contracts';
import { buildApp } from '../src/app';
import { ConfigError, readConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { bootstrapSuperUser } from '../src/modules/user/service';
import { loadJwtSecret } from '../src/platform/secrets';

const dataDir = mkdtempSync(path.join(tmpdir(), 'console-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts like main.ts does: open the embedded database in DATA_DIR, migrate, bootstrap, build. */
async function start(adminPassword?: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  const admin = await bootstrapSuperUser({ db: database.db, now: () => new Date() }, { email: 'Root@Example.com', password: adminPassword });
  const app = await buildApp({ db: database.db, jwtSecret: loadJwtSecret(undefined, dataDir), version: 't', logLevel: 'silent', nodeEnv: 'test', publicUrl: 'http://localhost:8080' });
  return { database, app, admin, stop: async () => (await app.close(), await database.close()) };
}

describe('embedded database in DATA_DIR', () => {
  it('creates the super user once with a generated strong password, and everything survives a restart', async () => {
    const first = await start();
    expect(first.admin.created).toBe(true);
    const password = first.admin.generatedPassword!;
    expect(newPasswordSchema.safeParse(password).success).toBe(true);
    const signIn = await first.app.inject({ method: 'POST', url: '/api/v1/login/password', payload: { email: 'root@example.com', password } });
    expect(signIn.statusCode).toBe(200);
    const { refresh_token: refreshToken } = signIn.json();
    const session = await first.app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${signIn.json().token}` } });
    expect(session.json().user.is_super_user).toBe(true);
    await first.stop();

    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);

    const second = await start('Ignored-Now-1');
    expect(second.admin).toEqual({ created: false, generatedPassword: null });
    // Same user, same password, and the session of before the restart still refreshes (same secret, same rows).
    expect((await second.app.inject({ method: 'POST', url: '/api/v1/login/password', payload: { email: 'root@example.com', password } })).statusCode).toBe(200);
    const refreshed = await second.app.inject({ method: 'POST', url: '/api/v1/login/refresh', payload: { refresh_token: refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    await second.stop();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      adminEmail: 'admin@example.com',
      mailFrom: 'no-reply@localhost',
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('points links at the port and host the server listens on when PUBLIC_URL is unset', () => {
    expect(readConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(readConfig({ PORT: '3000', HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
    expect(readConfig({ PORT: '3000', HOST: '192.168.1.20' }).publicUrl).toBe('http://192.168.1.20:3000');
    expect(readConfig({ PORT: '3000', HOST: 'fd00::20' }).publicUrl).toBe('http://[fd00::20]:3000');
    expect(readConfig({ PORT: '3000', PUBLIC_URL: 'https://help.example.com/' }).publicUrl).toBe('https://help.example.com');
  });

  it('takes TERMS_URL only as an http or https address a browser can open', () => {
    expect(readConfig({}).termsUrl).toBeUndefined();
    expect(readConfig({ TERMS_URL: 'https://example.com/terms' }).termsUrl).toBe('https://example.com/terms');
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/terms', 'terms.html']) {
      expect(() => readConfig({ TERMS_URL: bad })).toThrow(/TERMS_URL: must be an http or https URL/);
    }
  });

  it('fails fast listing every bad variable', () => {
    let error: unknown;
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'nope', JWT_SECRET: 'short', ADMIN_PASSWORD: 'weakpass' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(names.sort()).toEqual(['ADMIN_PASSWORD', 'DATABASE_URL', 'JWT_SECRET', 'PORT', 'PUBLIC_URL']);
  });
});
