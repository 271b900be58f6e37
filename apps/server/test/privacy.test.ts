import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { DEFAULT_PRIVACY_SETTINGS, JOB_STALE_MS, finishedJobStatuses, messages, REDACTION_KINDS, RETENTION_EVERY_MS, type ChatAnswer, type Project, type Summary } from '@console/contracts';
import { REMEMBERED_TURNS } from '@console/engine';
import type { Database } from '../src/db/client';
import { conversationContexts, conversations, events, feedback, insightQuestions, jobs, projects, visitors, type JobRow } from '../src/db/schema/index';
import { queueDueRetention } from '../src/modules/privacy/retention-job';
import { call, createClock, createSignedInUser, createTestApp, createWorkspaceTree, expectError, openTestDatabase, tokenFor } from './helper';
import { allowOrigins, ask, deploy, giveFeedback, insertItems, productItems, projectRecords, recordingEndpoint, sync } from './assistant-fixtures';

/**
 * What a project keeps of its visitors: personal data replaced by markers in everything stored
 * (events, traces, conversations, feedback), while answering, and a flow's endpoint, get the words
 * as typed, in this process and in another; the Privacy settings and who may change them.
 */

const SHOP = 'https://shop.example';
const EMAIL = 'jane.doe@example.org';
const CARD = '4111 1111 1111 1111';
const clock = createClock();
let database: Database;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let editor: Awaited<ReturnType<typeof createSignedInUser>>;
let projectId: string;
let key: string;
let endpoint: Awaited<ReturnType<typeof recordingEndpoint>>;

beforeAll(async () => {
  endpoint = await recordingEndpoint((sent) => ({ text: `We will write to ${sent.slots.email} about your ${sent.slots.appliance}.` }));
  database = await openTestDatabase();
  app = await createTestApp(database, { outboundAllowPrivate: true, clock });
  [admin, editor] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
  const tree = await createWorkspaceTree(app, [
    { user: admin.user, role: 'admin' },
    { user: editor.user, role: 'editor' },
  ]);
  projectId = tree.project.id;
  await app.ctx.db.update(projects).set({ pipelineConfig: { understanding: 'lexical' } }).where(eq(projects.id, projectId));
  await insertItems(app, projectId, productItems);
  const create = projectRecords(app, editor.token, projectId);
  const email = await create('slot', { name: 'email', type: 'email' });
  const appliance = await create('slot', { name: 'appliance', terms: ['kettle', 'fridge', 'oven'], prompt: 'Which appliance needs repair?' });
  const repair = await create('intent', { intent: 'book a repair', utterances: ['book a repair', 'I need a repair', 'send a technician'] });
  const sequence = await create('sequence', { name: 'Repair visit' });
  const saved = await call(app, 'PUT', `/api/v1/sequence/${sequence.id}`, editor.token, {
    nodes: [
      {
        id: crypto.randomUUID(),
        name: 'Visit',
        position: { x: 0, y: 0 },
        attributes: [
          { type: 'entry_intents', intents: [repair.id] },
          { type: 'collect_slots', slots: [{ slot_id: email.id }, { slot_id: appliance.id }] },
          { type: 'business_logic', url: `${endpoint.url}/repairs`, configuration: {} },
        ],
      },
    ],
    transitions: [],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await allowOrigins(app, editor.token, projectId, tree.deployment.id, [SHOP]);
  await sync(app, editor.token, projectId);
  ({ key } = await deploy(app, editor.token, projectId, tree.deployment.id));
});

afterAll(() => endpoint.close());

async function askShop(utterance: string, convId?: string, server = app): Promise<ChatAnswer> {
  const response = await ask(server, key, { utterance, ...(convId ? { conv_id: convId } : {}) }, SHOP);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatAnswer>();
}

/** Everything stored of a conversation, as text: its events (columns and data), its row and its feedback. */
async function storedText(convId: string): Promise<string> {
  const [rows, conversation, rated] = await Promise.all([
    app.ctx.db.select().from(events).where(eq(events.convId, convId)),
    app.ctx.db.select().from(conversations).where(eq(conversations.convId, convId)),
    app.ctx.db.select().from(feedback).where(eq(feedback.convId, convId)),
  ]);
  expect(rows.length).toBeGreaterThan(0);
  return JSON.stringify([rows, conversation, rated]);
}

const setPrivacy = (body: Record<string, unknown>, token = admin.token) => call(app, 'PUT', `/api/v1/project/${projectId}/privacy`, token, body);

describe('redaction before storage', () => {
  it('is on for every kind in a new project', async () => {
    const response = await call(app, 'GET', `/api/v1/project/${projectId}`, editor.token);
    expect(response.json<Project>()).toMatchObject(DEFAULT_PRIVACY_SETTINGS);
    expect(DEFAULT_PRIVACY_SETTINGS).toEqual({ redaction_enabled: true, redaction_kinds: [...REDACTION_KINDS], retention_days: 365 });
  });

  it('stores questions, answers, traces and feedback comments with markers, while the visitor is answered as they typed', async () => {
    const answer = await askShop(`my card ${CARD} was charged twice, write to ${EMAIL}`);
    expect(answer.response_type).toBeDefined();
    const rated = await giveFeedback(app, key, { answer_id: answer.answer_id, rating: 'down', comment: `call me on +44 20 7946 0958 or at ${EMAIL}` }, SHOP);
    expect(rated.statusCode, rated.body).toBe(200);
    const stored = await storedText(answer.conv_id);
    expect(stored).not.toContain(EMAIL);
    expect(stored).not.toContain(CARD);
    expect(stored).not.toContain('7946');
    expect(stored).toContain('my card [CARD] was charged twice, write to [EMAIL]');
    expect(stored).toContain('call me on [PHONE] or at [EMAIL]');
  });

  it('keeps the flow going with the values as typed: the endpoint receives them, also when another process takes the next turn', async () => {
    endpoint.received.length = 0;
    const started = await askShop('book a repair');
    await askShop(`it is ${EMAIL}`, started.conv_id);
    // The events keep the address as a marker; the state as typed is kept apart for the next turn.
    expect(await storedText(started.conv_id)).not.toContain(EMAIL);
    const [context] = await app.ctx.db.select().from(conversationContexts).where(eq(conversationContexts.convId, started.conv_id));
    expect(JSON.stringify(context!.state)).toContain(EMAIL);

    const other = await createTestApp(database, { outboundAllowPrivate: true, clock });
    const done = await askShop('the kettle', started.conv_id, other);
    expect(endpoint.received).toEqual([expect.objectContaining({ slots: expect.objectContaining({ email: EMAIL, appliance: 'kettle' }) })]);
    expect(JSON.stringify(done.response)).toContain(`We will write to ${EMAIL} about your kettle.`);
    // The endpoint's reply echoes the address: stored with its marker.
    expect(await storedText(started.conv_id)).not.toContain(EMAIL);
    // The state as typed goes with the conversation while its remembered turns hold the address, then goes.
    const keptTurn = async () => (await app.ctx.db.select().from(conversationContexts).where(eq(conversationContexts.convId, started.conv_id)))[0]?.turn;
    expect(await keptTurn()).toBe(3);
    for (let turn = 4; turn < 4 + REMEMBERED_TURNS; turn++) await askShop('when are you open?', started.conv_id, turn % 2 ? app : other);
    expect(await keptTurn()).toBeUndefined();
    await other.close();
  });

  it('stores the words whole once a project admin turns it off, and only the kinds chosen otherwise', async () => {
    const off = await setPrivacy({ redaction_enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Project>()).toMatchObject({ redaction_enabled: false, redaction_kinds: [...REDACTION_KINDS] });
    const whole = await askShop(`write to ${EMAIL}`);
    expect(await storedText(whole.conv_id)).toContain(EMAIL);

    const cardsOnly = await setPrivacy({ redaction_enabled: true, redaction_kinds: ['card'] });
    expect(cardsOnly.json<Project>()).toMatchObject({ redaction_enabled: true, redaction_kinds: ['card'] });
    const some = await askShop(`card ${CARD}, write to ${EMAIL}`);
    const stored = await storedText(some.conv_id);
    expect(stored).toContain(`card [CARD], write to ${EMAIL}`);
    await setPrivacy({ redaction_kinds: [...REDACTION_KINDS] });
  });
});

describe('PUT /project/{id}/privacy', () => {
  it('sets the retention in whole days from 1 to 3650, or forever', async () => {
    expect((await setPrivacy({ retention_days: 30 })).json<Project>().retention_days).toBe(30);
    expect((await setPrivacy({ retention_days: null })).json<Project>().retention_days).toBeNull();
    expect((await setPrivacy({ retention_days: 365 })).json<Project>().retention_days).toBe(365);
  });

  it.each([
    [{ retention_days: 0 }, messages.notLessThan('Retention Days', 1)],
    [{ retention_days: 3651 }, messages.notGreaterThan('Retention Days', 3650)],
    [{ retention_days: 1.5 }, 'Retention Days must be a whole number'],
    [{ redaction_kinds: ['email', 'passport'] }, messages.oneOf('Redaction Kinds', REDACTION_KINDS)],
    [{ redaction_enabled: 'yes' }, 'Redaction Enabled must be true or false'],
    [{}, messages.noFieldToUpdate],
  ])('refuses %j with 400, changing nothing', async (body, message) => {
    const before = await app.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expectError(await setPrivacy(body), 400, message);
    expect(await app.ctx.db.select().from(projects).where(eq(projects.id, projectId))).toEqual(before);
  });

  it('is for project admins: an editor may read the settings but not change them', async () => {
    expectError(await setPrivacy({ retention_days: 10 }, editor.token), 403);
    const read = await call(app, 'GET', `/api/v1/project/${projectId}`, editor.token);
    expect(read.json<Project>().retention_days).toBe(365);
  });
});

describe('retention', () => {
  const MINUTE = 60 * 1000;
  const DAY = 24 * 60 * MINUTE;
  const summary = async () => {
    const response = await call(app, 'GET', `/api/v1/project/${projectId}/summary`, editor.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Summary>();
  };
  const countOf = async (table: typeof events | typeof conversations | typeof feedback | typeof insightQuestions | typeof visitors) => {
    const [row] = await app.ctx.db.select({ n: count() }).from(table).where(eq(table.projectId, projectId));
    return row!.n;
  };

  async function retentionRun(): Promise<JobRow> {
    await queueDueRetention(app.ctx.db, clock.now());
    for (let tries = 0; tries < 500; tries++) {
      const [job] = await app.ctx.db.select().from(jobs).where(and(eq(jobs.projectId, projectId), eq(jobs.kind, 'retention'))).orderBy(desc(jobs.createdAt)).limit(1);
      if (job && finishedJobStatuses.includes(job.status)) return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the retention job never finished: ${JSON.stringify(await app.ctx.db.select().from(jobs).where(eq(jobs.projectId, projectId)))}`);
  }

  /** Waits until the project's background jobs are done, so none is underway when the clock jumps. */
  async function jobsIdle(): Promise<void> {
    for (let tries = 0; tries < 1000; tries++) {
      const open = await app.ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.projectId, projectId));
      if (open.every((job) => finishedJobStatuses.includes(job.status))) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the jobs never finished: ${JSON.stringify(await app.ctx.db.select().from(jobs).where(eq(jobs.projectId, projectId)))}`);
  }

  it('deletes the conversations older than the retention with their events, feedback and failed questions, and the counts follow', async () => {
    const old = await askShop('when are you open?');
    await askShop('do you repair ovens?', old.conv_id);
    expect((await giveFeedback(app, key, { answer_id: old.answer_id, rating: 'up' }, SHOP)).statusCode).toBe(200);
    expect((await setPrivacy({ retention_days: 30 })).statusCode).toBe(200);
    // Earlier questions failed: the inbox holds them once they are a few seconds old.
    clock.advance(5_000);
    await jobsIdle();
    expect(await countOf(insightQuestions)).toBeGreaterThan(0);

    clock.advance(31 * DAY);
    // Sessions of a month ago have expired.
    admin = { ...admin, token: await tokenFor(app, admin.user) };
    editor = { ...editor, token: await tokenFor(app, editor.user) };
    const recent = await askShop('when are you open?');
    expect((await giveFeedback(app, key, { answer_id: recent.answer_id, rating: 'up' }, SHOP)).statusCode).toBe(200);
    expect(await summary()).toMatchObject({ liked_count: 2 });

    const job = await retentionRun();
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(job.done).toBeGreaterThanOrEqual(2);
    expect(job.done).toBe(job.total);
    const status = await call(app, 'GET', `/api/v1/project/${projectId}/privacy/retention`, editor.token);
    expect(status.json()).toEqual({ last_run: expect.objectContaining({ id: job.id, kind: 'retention', status: 'succeeded', done: job.done, total: job.total }) });

    // Only the recent conversation is left, whole.
    const left = await app.ctx.db.select({ convId: conversations.convId }).from(conversations).where(eq(conversations.projectId, projectId));
    expect(left).toEqual([{ convId: recent.conv_id }]);
    expect(await app.ctx.db.select({ convId: events.convId }).from(events).where(eq(events.projectId, projectId))).toEqual([{ convId: recent.conv_id }, { convId: recent.conv_id }]);
    expect(await app.ctx.db.select({ convId: feedback.convId }).from(feedback).where(eq(feedback.projectId, projectId))).toEqual([{ convId: recent.conv_id }]);
    expect(await countOf(insightQuestions)).toBe(0);

    // The dashboard counts what remains.
    expect(await summary()).toMatchObject({ conversation_count: 1, event_count: 2, request_count: 1, response_count: 1, user_count: 1, liked_count: 1, disliked_count: 0 });
    expect(await countOf(visitors)).toBe(1);
  });

  it('is queued once when two processes ask at once; a run whose process died is finished by another, touching nothing newer', async () => {
    const other = await createTestApp(database, { outboundAllowPrivate: true, clock });
    const old = await askShop('when are you open?');
    expect((await setPrivacy({ retention_days: 30 })).statusCode).toBe(200);
    clock.advance(31 * DAY);
    admin = { ...admin, token: await tokenFor(app, admin.user) };
    editor = { ...editor, token: await tokenFor(app, editor.user) };
    const recent = await askShop('do you repair ovens?');
    await jobsIdle();

    const retentionJobs = () => app.ctx.db.select().from(jobs).where(and(eq(jobs.projectId, projectId), eq(jobs.kind, 'retention')));
    const before = (await retentionJobs()).length;
    await Promise.all([queueDueRetention(app.ctx.db, clock.now()), queueDueRetention(other.ctx.db, clock.now())]);
    const queued = (await retentionJobs()).filter((job) => job.createdAt.getTime() === clock.now().getTime());
    expect(queued).toHaveLength(1);
    expect((await retentionJobs()).length).toBe(before + 1);

    // The process that claimed it dies before its first batch: its heartbeat stops where it was.
    await app.ctx.db
      .update(jobs)
      .set({ status: 'running', runner: 'a process that died', heartbeatAt: clock.now(), startedAt: clock.now(), attempts: 1 })
      .where(eq(jobs.id, queued[0]!.id));
    clock.advance(JOB_STALE_MS + 1_000);
    let job = queued[0]!;
    for (let tries = 0; tries < 500 && !finishedJobStatuses.includes(job.status); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await app.ctx.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
    }
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(job.runner).not.toBe('a process that died');
    const left = await app.ctx.db.select({ convId: conversations.convId }).from(conversations).where(eq(conversations.projectId, projectId));
    expect(left.map((row) => row.convId)).toContain(recent.conv_id);
    expect(left.map((row) => row.convId)).not.toContain(old.conv_id);
    await setPrivacy({ retention_days: 365 });
  });

  it('is queued only when something is past the retention, at most once an hour, and never while conversations are kept forever', async () => {
    const retentionJobs = async () => (await app.ctx.db.select().from(jobs).where(and(eq(jobs.projectId, projectId), eq(jobs.kind, 'retention')))).length;
    const before = await retentionJobs();
    await queueDueRetention(app.ctx.db, clock.now());
    expect(await retentionJobs()).toBe(before);

    await askShop('when are you open?');
    await setPrivacy({ retention_days: null });
    clock.advance(40 * DAY);
    admin = { ...admin, token: await tokenFor(app, admin.user) };
    await queueDueRetention(app.ctx.db, clock.now());
    expect(await retentionJobs()).toBe(before);

    // A day's retention: the first conversation is due a day after it, the second 20 minutes later.
    await setPrivacy({ retention_days: 1 });
    // The conversation asked 40 days ago, and the one the last case kept.
    expect(await retentionRun()).toMatchObject({ status: 'succeeded', done: 2 });
    expect(await retentionJobs()).toBe(before + 1);
    await askShop('when are you open?');
    clock.advance(20 * MINUTE);
    await askShop('do you repair ovens?');
    clock.advance(DAY - 10 * MINUTE);
    admin = { ...admin, token: await tokenFor(app, admin.user) };
    expect(await retentionRun()).toMatchObject({ status: 'succeeded', done: 1 });
    expect(await retentionJobs()).toBe(before + 2);
    // The second is due 30 minutes later, but the last run started within the hour; an hour after it, it runs.
    clock.advance(30 * MINUTE);
    await queueDueRetention(app.ctx.db, clock.now());
    expect(await retentionJobs()).toBe(before + 2);
    clock.advance(RETENTION_EVERY_MS / 2 + MINUTE);
    admin = { ...admin, token: await tokenFor(app, admin.user) };
    expect(await retentionRun()).toMatchObject({ status: 'succeeded', done: 1 });
    expect(await retentionJobs()).toBe(before + 3);
    await setPrivacy({ retention_days: 365 });
  });
});
