import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema/index';
import { createTestApp, createTestUser, openTestDatabase, post, TEST_SECRET } from './helper';

let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  // Production settings, no SMTP: mails go to the outbox and the log.
  app = await createTestApp(await openTestDatabase(), {
    nodeEnv: 'production',
    logLevel: 'trace',
    logStream: { write: (line) => void lines.push(line) },
  });
});

/** Sign-in mails go out after the answer (so timing reveals nothing): waits for the newest to be this one. */
async function waitForMail(email: string, subject: string) {
  for (let tries = 0; tries < 100; tries++) {
    const [mail] = await app.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt)).limit(1);
    if (mail?.subject === subject) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no '${subject}' mail to ${email}`);
}

describe('logs', () => {
  it('never contain passwords, codes or tokens, and mails log only recipient and subject', async () => {
    const { email, password } = await createTestUser(app, { isMfaEnabled: true, password: 'Secret-Pass-42' });
    const secrets: string[] = [password, TEST_SECRET];

    const pending = (await post(app, '/api/v1/login/password', { email, password })).json();
    secrets.push(pending.token);
    const mfaMail = await waitForMail(email, 'Your sign-in code');
    const mfaCode = /code is (\d{6})/.exec(mfaMail.text)![1]!;
    // The console route carrying the code is requested like a browser following the e-mailed link.
    await app.inject({ method: 'GET', url: `/login/mfa/${encodeURIComponent(email)}/${mfaCode}` });
    const tokens = (await post(app, '/api/v1/login/mfa', { email, token_code: mfaCode }, { authorization: `Bearer ${pending.token}` })).json();
    secrets.push(tokens.token, tokens.refresh_token);
    await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${tokens.token}` } });
    const refreshed = (await post(app, '/api/v1/login/refresh', { refresh_token: tokens.refresh_token })).json();
    secrets.push(refreshed.token, refreshed.refresh_token);

    await post(app, '/api/v1/login/password', { email, password: 'Wrong-Secret-99' });
    await post(app, '/api/v1/login/forgot', { email });
    const resetMail = await waitForMail(email, 'Reset your password');
    const codes = [mfaCode, /code is (\d{6})/.exec(resetMail.text)![1]!];

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('"subject":"Your sign-in code"');
    for (const secret of secrets) expect(log, `log leaks ${secret.slice(0, 12)}`).not.toContain(secret);
    // Codes are short digit strings: look for them standing alone, not inside timestamps.
    for (const code of codes) expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(log).not.toContain('Wrong-Secret-99');
    expect(log).not.toMatch(/"text":/);
  });
});
