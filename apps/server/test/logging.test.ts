import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mailerMessages } from '../src/platform/mail';
import { NO_SUPPORT_EMAIL } from '../src/modules/support/service';
import { createTestApp, createTestUser, openTestDatabase, post, TEST_SECRET, waitForOutbox } from './helper';
import { readCode, startSmtpServer } from './smtp';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const lines: string[] = [];
let withoutSmtp: FastifyInstance;
const linesWithoutSmtp: string[] = [];

beforeAll(async () => {
  const database = await openTestDatabase();
  // Production settings, mail delivered through SMTP.
  smtp = await startSmtpServer();
  app = await createTestApp(database, {
    nodeEnv: 'production',
    logLevel: 'trace',
    smtpUrl: smtp.url,
    logStream: { write: (line) => void lines.push(line) },
  });
  // Production settings, no SMTP: mails go to the outbox and the log.
  withoutSmtp = await createTestApp(database, {
    nodeEnv: 'production',
    logLevel: 'info',
    logStream: { write: (line) => void linesWithoutSmtp.push(line) },
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens, and delivered mails log only recipient and subject', async () => {
    const { email, password } = await createTestUser(app, { isMfaEnabled: true, password: 'Secret-Pass-42' });
    const secrets: string[] = [password, TEST_SECRET];

    const pending = (await post(app, '/api/v1/login/password', { email, password })).json();
    secrets.push(pending.token);
    const mfaCode = readCode(await smtp.waitForMail(email, 'Your sign-in code'), 'mfa').code;
    // The console route carrying the code is requested like a browser following the e-mailed link.
    await app.inject({ method: 'GET', url: `/login/mfa/${encodeURIComponent(email)}/${mfaCode}` });
    const tokens = (await post(app, '/api/v1/login/mfa', { email, token_code: mfaCode }, { authorization: `Bearer ${pending.token}` })).json();
    secrets.push(tokens.token, tokens.refresh_token);
    await app.inject({ method: 'GET', url: '/api/v1/session', headers: { authorization: `Bearer ${tokens.token}` } });
    const refreshed = (await post(app, '/api/v1/login/refresh', { refresh_token: tokens.refresh_token })).json();
    secrets.push(refreshed.token, refreshed.refresh_token);

    await post(app, '/api/v1/login/password', { email, password: 'Wrong-Secret-99' });
    await post(app, '/api/v1/login/forgot', { email });
    // The reset mail goes out in the background (so timing reveals nothing): wait for it.
    const codes = [mfaCode, readCode(await smtp.waitForMail(email, 'Reset your password'), 'reset').code];

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('"subject":"Your sign-in code"');
    for (const secret of secrets) expect(log, `log leaks ${secret.slice(0, 12)}`).not.toContain(secret);
    // Codes are short digit strings: look for them standing alone, not inside timestamps.
    for (const code of codes) expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(log).not.toContain('Wrong-Secret-99');
    expect(log).not.toMatch(/"text":/);
  });

  it('without SMTP_URL and SUPPORT_EMAIL warn at start-up that no mail is delivered and support messages wait in the admin panel, and carry each mail whole, code included', async () => {
    const startup = linesWithoutSmtp.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(startup).toContainEqual(expect.objectContaining({ level: 40, msg: mailerMessages.notDelivered }));
    expect(startup).toContainEqual(expect.objectContaining({ level: 40, msg: NO_SUPPORT_EMAIL }));

    const { email, password } = await createTestUser(withoutSmtp, { isMfaEnabled: true });
    expect((await post(withoutSmtp, '/api/v1/login/password', { email, password })).statusCode).toBe(200);
    const [stored] = await waitForOutbox(withoutSmtp, email);
    const logged = linesWithoutSmtp
      .map((line) => JSON.parse(line) as { msg: string; mail?: { to: string; subject: string; text: string } })
      .find((line) => line.msg === mailerMessages.logged && line.mail?.to === email);
    expect(logged?.mail).toEqual({ to: email, subject: 'Your sign-in code', text: stored!.text });
    expect(logged?.mail?.text).toMatch(/code is \d{6}/);
  });
});
