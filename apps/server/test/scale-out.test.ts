import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { errorDetails, type ChatAnswer } from '@console/contracts';
import { Console } from '../../../bench/support/assistant-api';
import { removeDataDir, startServer, type RunningServer } from '../../../bench/support/server';
import { DEPLOYMENT_CACHE_MS } from '../src/modules/deployment/directory';
import { createPostgresDatabase, onCleanup, STRONG_PASSWORD, uniqueEmail } from './helper';

/**
 * Server processes as an operator runs them behind a load balancer: `main.ts` in processes of their
 * own, on one PostgreSQL (a fresh database per file).
 */

const serverUrl = process.env.TEST_DATABASE_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.TEST_REDIS_URL;

/** Waits for a condition another process makes true (a log line, a deploy seen), up to `seconds`. */
async function eventually<T>(seconds: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startProcess(env: Record<string, string>, output?: (line: string) => void): Promise<RunningServer> {
  const server = await startServer(env, output ? { output } : {});
  onCleanup(() => removeDataDir(server));
  onCleanup(() => server.stop());
  return server;
}

describe.skipIf(!serverUrl)('server processes on one PostgreSQL (run with TEST_DATABASE_URL)', () => {
  it('says at start-up that a process on PostgreSQL without JWT_SECRET issues tokens no other process accepts', async () => {
    const databaseUrl = await createPostgresDatabase(serverUrl!);
    const lines: string[] = [];
    await startProcess({ DATABASE_URL: databaseUrl, JWT_SECRET: '' }, (line) => lines.push(line));
    const warning = await eventually(5, () => lines.find((line) => line.includes('JWT_SECRET is not set')));
    expect(JSON.parse(warning)).toMatchObject({ level: 40, msg: expect.stringContaining('Give every process the same JWT_SECRET') });
  });
});

const SHOP = 'https://shop.example';
const CHAT_LIMIT = 5;
/** Two products with a battery and a warranty item each: a short follow-up needs the conversation's context. */
const productIntents = ['phone', 'tablet'].flatMap((product) => [
  { name: `${product} battery`, utterances: [`how long does the ${product} battery last`, `${product} battery life`, `charging the ${product}`] },
  { name: `${product} warranty`, utterances: [`${product} warranty`, `how long is the ${product} guaranteed`, `what warranty does the ${product} have`] },
]);

// The cases go in order, each on what the ones before built: a session, then a deployed project.
describe.skipIf(!serverUrl || !redisUrl)('two server processes on one PostgreSQL and one Redis (run with TEST_DATABASE_URL and TEST_REDIS_URL)', () => {
  let servers: RunningServer[];
  let databaseUrl: string;
  let team: Console;
  let projectId: string;
  let deployment: { id: string; key: string };
  const lines: string[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase(serverUrl!);
    env = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomUUID() + randomUUID(),
      REDIS_URL: redisUrl!,
      // Each request below names its client address, as a load balancer in front would.
      TRUST_PROXY: 'true',
      CHAT_MAX_QUERIES_PER_MINUTE: String(CHAT_LIMIT),
      ANSWERING_THREADS: '0',
      // The flow's business-logic endpoint below listens on this machine.
      OUTBOUND_ALLOW_PRIVATE: 'true',
    };
    // Started together on the empty database: both migrate it and create the first super user.
    servers = await Promise.all([startProcess(env, (line) => lines.push(line)), startProcess(env, (line) => lines.push(line))]);
  });

  /** A visitor's question from a client address of its own (so the chat limit is not in play), unless one is given. */
  async function ask(server: RunningServer, body: Record<string, unknown>, address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`, key = deployment.key) {
    return fetch(`${server.baseUrl}/api/v1/chat/${key}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SHOP, 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
  }

  async function answerOf(response: Response): Promise<ChatAnswer> {
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ChatAnswer;
  }

  it('start together on an empty database, are both ready, and neither warns about its secret', async () => {
    for (const server of servers) expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    expect(lines.filter((line) => line.includes('JWT_SECRET is not set'))).toEqual([]);
  });

  it('accept a token issued by the other', async () => {
    team = await Console.signIn(servers[0]!.baseUrl);
    const session = await team.through(servers[1]!.baseUrl).call<{ user: { email: string } }>('GET', '/session');
    expect(session.user.email).toBe('bench@example.com');
  });

  it("answer a deploy made through the other within the deployments' cache time", async () => {
    const workspaceId = await team.workspace('Shop');
    projectId = await team.importProject(workspaceId, 'Shop Help', productIntents);
    deployment = await team.syncForOrigin(projectId, SHOP);
    // The second process reads the deployment before it is deployed (and keeps what it read for a while).
    expect((await ask(servers[1]!, { utterance: 'phone warranty' })).status).toBe(404);

    await team.deploy(projectId, deployment.id);
    const answer = await eventually((DEPLOYMENT_CACHE_MS + 1000) / 1000, async () => {
      const response = await ask(servers[1]!, { utterance: 'phone warranty' });
      return response.status === 200 ? ((await response.json()) as ChatAnswer) : undefined;
    });
    expect(answer.response_type).toBe('content');
  });

  it('keep the context of a conversation that alternates between them', async () => {
    const { records } = await team.call<{ records: { id: string; subject: string }[] }>('GET', `/project/${projectId}/content?limit=50`);
    const subjectOf = (answer: ChatAnswer) => records.find((record) => record.id === answer.content_id)?.subject;
    const [first, second] = servers as [RunningServer, RunningServer];

    const opening = await answerOf(await ask(first, { utterance: 'How long does the tablet battery last?' }));
    expect(subjectOf(opening)).toBe('tablet battery');
    const moved = await answerOf(await ask(second, { utterance: 'How long does the phone battery last?', conv_id: opening.conv_id }));
    expect(subjectOf(moved)).toBe('phone battery');
    const back = await answerOf(await ask(first, { utterance: 'And the warranty?', conv_id: opening.conv_id }));
    expect(back.conv_id).toBe(opening.conv_id);
    expect(subjectOf(back)).toMatch(/^phone /);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const stored = await client.query<{ turn: number }>(
      `SELECT (data ->> 'turn')::int AS turn FROM events WHERE conv_id = $1 AND data_type = 'response' ORDER BY issued_at, id`,
      [opening.conv_id],
    );
    await client.end();
    expect(stored.rows.map((row) => row.turn)).toEqual([1, 2, 3]);
  });

  it("call a flow's business-logic endpoint once for ten questions sent at once to a conversation, half through each", async () => {
    const calls: string[] = [];
    const endpoint = createServer((request, response) => {
      request.resume().on('end', () => {
        calls.push(request.headers['idempotency-key'] as string);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"Booked."}');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    onCleanup(() => {
      endpoint.closeAllConnections();
      return new Promise<void>((resolve) => endpoint.close(() => resolve()));
    });
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/book`;

    const workspaceId = await team.workspace('Bookings');
    const bookings = await team.importProject(workspaceId, 'Bookings', productIntents, { understanding: 'lexical' });
    const city = await team.call<{ id: string }>('POST', `/project/${bookings}/slot`, { name: 'city', terms: ['Paris', 'London'] });
    const day = await team.call<{ id: string }>('POST', `/project/${bookings}/slot`, { name: 'day', terms: ['monday', 'saturday'] });
    const book = await team.call<{ id: string }>('POST', `/project/${bookings}/intent`, { intent: 'book a table', utterances: ['book a table', 'reserve a table'] });
    const sequence = await team.call<{ id: string }>('POST', `/project/${bookings}/sequence`, { name: 'Booking' });
    await team.call('PUT', `/sequence/${sequence.id}`, {
      nodes: [
        {
          id: randomUUID(),
          name: 'Book',
          position: { x: 0, y: 0 },
          attributes: [
            { type: 'entry_intents', intents: [book.id] },
            { type: 'collect_slots', slots: [{ slot_id: city.id, prompt: '' }, { slot_id: day.id, prompt: '' }] },
            { type: 'business_logic', url, configuration: {} },
          ],
        },
      ],
      transitions: [],
    });
    const target = await team.syncForOrigin(bookings, SHOP);
    await team.deploy(bookings, target.id);
    const [first, second] = servers as [RunningServer, RunningServer];
    const opening = await answerOf(await ask(first, { utterance: 'book a table in Paris' }, undefined, target.key));
    expect(opening.response_type).toBe('scenario');

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ask(i % 2 ? second : first, { utterance: 'monday', conv_id: opening.conv_id }, undefined, target.key)),
    );
    for (const answer of answers) expect([200, 409], await answer.clone().text()).toContain(answer.status);
    expect(calls).toHaveLength(1);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const turns = await client.query<{ turn: number }>(
      `SELECT (data ->> 'turn')::int AS turn FROM events WHERE conv_id = $1 AND data_type = 'response' ORDER BY issued_at, id`,
      [opening.conv_id],
    );
    const leases = await client.query('SELECT * FROM conversation_turn_locks WHERE conv_id = $1', [opening.conv_id]);
    await client.end();
    // Every answered question was a turn of its own, read after the one before, whichever process answered it.
    expect(turns.rows.map((row) => row.turn)).toEqual(Array.from({ length: turns.rows.length }, (_, i) => i + 1));
    expect(turns.rows).toHaveLength(1 + answers.filter((answer) => answer.status === 200).length);
    expect(leases.rows).toEqual([]);
  });

  it('run each replay once, in one of them, and show its progress through either', async () => {
    const workspaceId = await team.workspace('Replays');
    const replayed = await team.importProject(workspaceId, 'Replayed', productIntents, { understanding: 'lexical' });
    const target = await team.syncForOrigin(replayed, SHOP);
    await team.deploy(replayed, target.id);
    const questions = 1000;
    for (let start = 0; start < questions; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => answerOf(await ask(servers[0]!, { utterance: `phone question ${start + i}` }, undefined, target.key))),
      );
    }
    // Three replays at once, through both: each process claims what it can.
    const through = (server: RunningServer) => team.through(server.baseUrl);
    const replays = await Promise.all(
      [0, 1, 0].map((i) => through(servers[i]!).call<{ id: string; job: { id: string } }>('POST', `/project/${replayed}/replay`, { deployment_id: target.id })),
    );
    type JobRead = { status: string; done: number; total: number };
    const jobPath = (replay: { job: { id: string } }) => `/project/${replayed}/job/${replay.job.id}`;
    // While the first runs, both processes read its progress from the database.
    const seenRunning = new Set<number>();
    await eventually(60, async () => {
      for (const [i, server] of servers.entries()) {
        const job = await through(server).call<JobRead>('GET', jobPath(replays[0]!));
        expect(job.status).not.toBe('succeeded');
        if (job.status === 'running' && job.done > 0 && job.done < questions) seenRunning.add(i);
      }
      return seenRunning.size === servers.length ? true : undefined;
    });
    for (const replay of replays) {
      for (const server of servers) {
        const job = await eventually(60, async () => {
          const read = await through(server).call<JobRead>('GET', jobPath(replay));
          return ['succeeded', 'failed', 'cancelled'].includes(read.status) ? read : undefined;
        });
        expect(job).toMatchObject({ status: 'succeeded', done: questions, total: questions });
      }
    }

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const runs = await client.query<{ attempts: number; items: number; positions: number }>(
      `SELECT j.attempts, (SELECT count(*)::int FROM replay_items i WHERE i.replay_id = r.id) AS items,
              (SELECT count(DISTINCT position)::int FROM replay_items i WHERE i.replay_id = r.id) AS positions
         FROM replays r JOIN jobs j ON j.id = r.job_id WHERE r.id = ANY($1::uuid[]) ORDER BY r.created_at`,
      [replays.map((replay) => replay.id)],
    );
    await client.end();
    // Claimed once each, and every question stored once.
    expect(runs.rows).toEqual(replays.map(() => ({ attempts: 1, items: questions, positions: questions })));
  });

  /** One row of a query on the shared database. */
  async function queryOne<T extends Record<string, unknown>>(text: string, values: unknown[]): Promise<T> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows[0]!;
    } finally {
      await client.end();
    }
  }

  it("group the failed questions both answered once, into one inbox that reads the same through either", async () => {
    const workspaceId = await team.workspace('Inbox');
    const inboxProject = await team.importProject(workspaceId, 'Inbox', productIntents, { understanding: 'lexical' });
    const target = await team.syncForOrigin(inboxProject, SHOP);
    await team.deploy(inboxProject, target.id);
    const themes = ['opening hours of the store on sunday', 'delivery abroad to another country', 'paying with a gift card voucher', 'return a damaged parcel by post'];
    const questions = 400;
    for (let start = 0; start < questions; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const n = start + i;
          const answer = await answerOf(await ask(servers[n % 2]!, { utterance: `${themes[n % themes.length]} ${n}` }, undefined, target.key));
          expect(answer.response_type).toBe('oos');
        }),
      );
    }
    type InboxRead = { from: string; to: string; question_count: number; pending: number; total: number; records: { label: string; question_count: number }[] };
    const inbox = (server: RunningServer) => team.through(server.baseUrl).call<InboxRead>('GET', `/project/${inboxProject}/insight?limit=100`);
    const grouped = await eventually(120, async () => {
      const read = await inbox(servers[1]!);
      return read.question_count === questions && read.pending === 0 ? read : undefined;
    });
    // The same topics and counts; each read's window ends when it is read.
    const { from: _from, to: _to, ...throughFirst } = await inbox(servers[0]!);
    expect({ ...throughFirst, from: grouped.from, to: grouped.to }).toEqual(grouped);
    expect(grouped.total).toBe(themes.length);
    expect(grouped.records.reduce((sum, topic) => sum + topic.question_count, 0)).toBe(questions);

    // Each question was grouped by one job: a question grouped twice would count in two clusters.
    const stored = await queryOne<{ questions: number; in_clusters: number; in_topics: number; astray: number }>(
      `SELECT (SELECT count(*)::int FROM insight_questions WHERE project_id = $1) AS questions,
              (SELECT coalesce(sum(size), 0)::int FROM insight_clusters WHERE project_id = $1) AS in_clusters,
              (SELECT coalesce(sum(size), 0)::int FROM insight_topics WHERE project_id = $1) AS in_topics,
              (SELECT count(*)::int FROM insight_questions q JOIN insight_clusters c ON c.id = q.cluster_id
                WHERE q.project_id = $1 AND q.topic_id IS DISTINCT FROM c.topic_id) AS astray`,
      [inboxProject],
    );
    expect(stored).toEqual({ questions, in_clusters: questions, in_topics: questions, astray: 0 });
  });

  it("run a project's retention once among several processes, deleting the conversations past it", async () => {
    const workspaceId = await team.workspace('Retention');
    const kept = await team.importProject(workspaceId, 'Kept', productIntents, { understanding: 'lexical' });
    const target = await team.syncForOrigin(kept, SHOP);
    await team.deploy(kept, target.id);
    for (let i = 0; i < 30; i++) await answerOf(await ask(servers[i % 2]!, { utterance: 'phone warranty' }, undefined, target.key));
    await team.call('PUT', `/project/${kept}/privacy`, { retention_days: 1 });
    // The conversations are made two days old, and two more processes start: each asks at once whether retention is due.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`UPDATE conversations SET issued_at = issued_at - interval '2 days', last_issued_at = last_issued_at - interval '2 days' WHERE project_id = $1`, [kept]);
    await client.query(`UPDATE events SET issued_at = issued_at - interval '2 days' WHERE project_id = $1`, [kept]);
    await client.end();
    await Promise.all([startProcess(env), startProcess(env)]);

    type RetentionRead = { last_run: { status: string; done: number } | null };
    const run = await eventually(60, async () => {
      const read = await team.through(servers[1]!.baseUrl).call<RetentionRead>('GET', `/project/${kept}/privacy/retention`);
      return read.last_run && ['succeeded', 'failed', 'cancelled'].includes(read.last_run.status) ? read.last_run : undefined;
    });
    expect(run).toMatchObject({ status: 'succeeded', done: 30 });
    const stored = await queryOne<{ jobs: number; attempts: number; conversations: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM jobs WHERE kind = 'retention' AND project_id = $1) AS jobs,
              (SELECT max(attempts)::int FROM jobs WHERE kind = 'retention' AND project_id = $1) AS attempts,
              (SELECT count(*)::int FROM conversations WHERE project_id = $1) AS conversations,
              (SELECT count(*)::int FROM events WHERE project_id = $1) AS events`,
      [kept],
    );
    expect(stored).toEqual({ jobs: 1, attempts: 1, conversations: 0, events: 0 });
  });

  it('refuse a user blocked through the other', async () => {
    const email = uniqueEmail('blocked');
    const user = await team.call<{ id: string }>('POST', '/user', {
      display_name: 'Soon Blocked',
      email,
      password: STRONG_PASSWORD,
      password_validator: STRONG_PASSWORD,
      status: 'active',
      is_mfa_enabled: false,
    });
    const signIn = (server: RunningServer) =>
      fetch(`${server.baseUrl}/api/v1/login/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: STRONG_PASSWORD }) });
    const signedIn = await signIn(servers[1]!);
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const session = () => fetch(`${servers[1]!.baseUrl}/api/v1/session`, { headers: { authorization: `Bearer ${token}` } });
    expect((await session()).status).toBe(200);

    await team.call('PUT', `/user/${user.id}/privilege`, { status: 'blocked', email, is_super_user: false, is_mfa_enabled: false });
    const refused = await session();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toBe(errorDetails.invalidToken);
    const signInRefused = await signIn(servers[1]!);
    expect(signInRefused.status).toBe(403);
    expect(((await signInRefused.json()) as { detail: string }).detail).toBe(errorDetails.accountBlocked);
  });

  it("count a client address's chat questions across both against one limit", async () => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let i = 0; i < CHAT_LIMIT; i++) await answerOf(await ask(servers[i % 2]!, { utterance: 'phone warranty' }, address));
    for (const server of servers) {
      const refused = await ask(server, { utterance: 'phone warranty' }, address);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
