import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { outbox, supportMessages } from '../src/db/schema/index';
import { call, countRows, createSignedInUser, createTestApp, openTestDatabase } from './helper';
import { startSmtpServer } from './smtp';

let database: Database;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const SUPPORT = 'help@provider.example';

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await openTestDatabase();
  app = await createTestApp(database, { smtpUrl: smtp.url, supportEmail: SUPPORT });
});

describe('POST /support', () => {
  it('stores the message and mails SUPPORT_EMAIL with the user as reply-to', async () => {
    const user = await createSignedInUser(app, { displayName: 'Pat Customer' });
    const response = await call(app, 'POST', '/api/v1/support', user.token, { message: 'The widget does not load on my site.' });
    expect(response.statusCode).toBe(201);
    const { id, created_at: createdAt } = response.json<{ id: string; created_at: string }>();
    expect(Number.isNaN(Date.parse(createdAt))).toBe(false);
    const [row] = await app.ctx.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(row).toMatchObject({ userId: user.user.id, message: 'The widget does not load on my site.' });

    const mail = await smtp.waitForMail(SUPPORT);
    expect(mail.subject).toContain('Pat Customer');
    expect(mail.subject).toContain(user.email);
    expect(mail.text).toContain('The widget does not load on my site.');
    expect(mail.replyTo).toBe(user.email);
  });

  it('without SUPPORT_EMAIL the message is only stored', async () => {
    const quiet = await createTestApp(database);
    const user = await createSignedInUser(quiet);
    const before = await countRows(quiet, outbox);
    const response = await call(quiet, 'POST', '/api/v1/support', user.token, { message: 'Just storing this one.' });
    expect(response.statusCode).toBe(201);
    expect(await countRows(quiet, supportMessages, eq(supportMessages.userId, user.user.id))).toBe(1);
    expect(await countRows(quiet, outbox)).toBe(before);
  });
});
