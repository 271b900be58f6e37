import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CONTACT_MAX_MESSAGES_PER_ADDRESS, CONTACT_RATE_WINDOW_MS, messages } from '@console/contracts';
import type { Database } from '../src/db/client';
import { outbox, supportMessages } from '../src/db/schema/index';
import { call, countRows, createClock, createSignedInUser, createTestApp, expectError, openTestDatabase } from './helper';
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

describe('GET /support', () => {
  it('lists every message for super users, with its sender, signed in or not: where support reads them without SUPPORT_EMAIL', async () => {
    const quiet = await createTestApp(database);
    const root = await createSignedInUser(quiet, { isSuperUser: true });
    const user = await createSignedInUser(quiet, { displayName: 'Sam Listed' });
    expect((await call(quiet, 'POST', '/api/v1/support', user.token, { message: 'First: where is my invoice?' })).statusCode).toBe(201);
    expect((await call(quiet, 'POST', '/api/v1/support/contact', undefined, { email: 'walk-in@example.org', message: 'Second: I cannot sign in.' })).statusCode).toBe(201);
    const listed = await call(quiet, 'GET', '/api/v1/support?message__like=invoice', root.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      records: [{ id: expect.any(String), created_at: expect.any(String), sender_email: user.email, sender_name: 'Sam Listed', signed_in: true, message: 'First: where is my invoice?' }],
      total: 1,
    });
    const walkIn = await call(quiet, 'GET', '/api/v1/support?sender_email__like=walk-in', root.token);
    expect(walkIn.json()).toMatchObject({ records: [{ sender_email: 'walk-in@example.org', sender_name: null, signed_in: false, message: 'Second: I cannot sign in.' }], total: 1 });
  });

  it('is refused to everyone else', async () => {
    const user = await createSignedInUser(app);
    expectError(await call(app, 'GET', '/api/v1/support', user.token), 403);
  });
});

describe('POST /support/contact', () => {
  let addressCounter = 0;
  /** Signed out, from its own client address unless one is given. */
  function contact(payload: object, remoteAddress = `10.7.0.${++addressCounter}`) {
    return app.inject({ method: 'POST', url: '/api/v1/support/contact', payload, remoteAddress });
  }

  it('takes a message from someone signed out, stores it with their address and mails support to answer them', async () => {
    const response = await contact({ email: ' Locked.Out@Customer.example ', message: 'I cannot sign in since yesterday.' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await app.ctx.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(row).toMatchObject({ userId: null, senderEmail: 'locked.out@customer.example', message: 'I cannot sign in since yesterday.' });

    const mail = await smtp.waitForMail(SUPPORT);
    expect(mail.subject).toBe('Support request from locked.out@customer.example (not signed in)');
    expect(mail.text).toContain('I cannot sign in since yesterday.');
    expect(mail.replyTo).toBe('locked.out@customer.example');
  });

  it('refuses a missing address or a short message with the rule, and stores nothing', async () => {
    const before = await countRows(app, supportMessages);
    expectError(await contact({ message: 'Long enough message.' }), 400, messages.atLeastChars('Email', 3));
    expectError(await contact({ email: 'someone@customer.example', message: 'Short' }), 400, messages.atLeastChars('Message', 8));
    expectError(await contact({ email: 'someone@customer.example', message: 'Long enough message.', user_id: 'x' }), 400);
    expect(await countRows(app, supportMessages)).toBe(before);
  });

  it(`answers 429 after ${CONTACT_MAX_MESSAGES_PER_ADDRESS} messages from one address, counted by every server process alike, until the window passes`, async () => {
    // Two server processes on one database, on one clock moved by hand.
    const clock = createClock();
    const processes = [await createTestApp(database, { clock }), await createTestApp(database, { clock })];
    const address = '10.8.0.1';
    const body = { email: 'chatty@customer.example', message: 'One more thing to add.' };
    const send = (index: number, remoteAddress = address) =>
      processes[index % 2]!.inject({ method: 'POST', url: '/api/v1/support/contact', payload: body, remoteAddress });
    for (let i = 0; i < CONTACT_MAX_MESSAGES_PER_ADDRESS; i++) expect((await send(i)).statusCode).toBe(201);
    const stored = await countRows(app, supportMessages, eq(supportMessages.senderEmail, body.email));

    for (const index of [0, 1]) {
      const refused = await send(index);
      expectError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBe(CONTACT_RATE_WINDOW_MS / 1000);
    }
    expect(await countRows(app, supportMessages, eq(supportMessages.senderEmail, body.email))).toBe(stored);
    expect((await send(0, '10.8.0.2')).statusCode).toBe(201);

    clock.advance(CONTACT_RATE_WINDOW_MS);
    expect((await send(1)).statusCode).toBe(201);
  });
});
