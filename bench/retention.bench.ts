// Retention under load (issue: `retention`): a project's 1,000,000 expired events (BENCH_RETENTION_EVENTS)
// deleted by its retention job while the public chat API is asked 100 questions a second, open loop:
// the chat's p99 during the deletion at most twice its p99 without it, measured in the same run on
// the same server, and the deletion's rate reported. On the embedded database and, when one is
// reachable, on PostgreSQL; one JSON line per database.
//
// The project (lexical understanding) is built and deployed through the API and keeps its
// conversations forever while its history is written: the expired history (60 to 400 days old)
// and a recent one (the last 20 days, BENCH_RETENTION_RECENT_EVENTS) go straight into the database
// through the server's own event statement while no server runs (support/event-history.ts). The
// server is started again on it and asked questions for 20 s unmeasured, then for
// BENCH_RETENTION_BASELINE_S (the baseline); then the project's retention is set to 30 days through
// the API, the retention job is queued by the next due check (each process asks once a minute) and,
// from the moment it runs until it ends, the same questions are asked again. Afterwards the expired
// events must all be gone and every recent one still there (counted in the database once the server
// has stopped), and the dashboard's counts must equal what the database holds.
import { loadavg } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { finishedJobStatuses, type Job, type RetentionStatus, type Summary } from '@console/contracts';
import { openDatabase } from '../apps/server/src/db/client';
import { conversations, events } from '../apps/server/src/db/schema/index';
import { Console } from './support/assistant-api';
import { askForSamples, writeHistory, type AnswerSample } from './support/event-history';
import { openLoop, type OpenLoopResult } from './support/open-loop';
import { freshPostgresDatabase, postgresServer } from './support/postgres';
import { removeDataDir, startServer, type RunningServer } from './support/server';
import { syntheticIntents, syntheticQuestions } from './support/synthetic-project';

const EVENTS = Number(process.env.BENCH_RETENTION_EVENTS ?? 1_000_000);
const RECENT_EVENTS = Number(process.env.BENCH_RETENTION_RECENT_EVENTS ?? 20_000);
const BASELINE_S = Number(process.env.BENCH_RETENTION_BASELINE_S ?? 30);
/** The longest the load runs waiting for the deletion to end; the deletion is then reported unfinished. */
const MAX_DURING_S = Number(process.env.BENCH_RETENTION_MAX_S ?? 3600);
/**
 * Unmeasured load first: a server just started on a million events answered slowly for its first
 * several seconds (with 5 s of warm-up the baseline's slow seconds were its first 7), so the baseline
 * is of a running service, as the deletion's phase is.
 */
const WARM_UP_S = Number(process.env.BENCH_RETENTION_WARM_UP_S ?? 20);
const RATE = 100;
const RETENTION_DAYS = 30;
/** The expired history: from 400 to 60 days ago. The recent one: the last 20 days. */
const EXPIRED = { endDaysAgo: 60, days: 340 };
const RECENT_DAYS = 20;
/** Between the two histories: everything older is expired, everything newer is kept. */
const BOUNDARY_DAYS_AGO = 45;
/** The due check runs once a minute in every process: the job is queued within this, or something is wrong. */
const QUEUED_WITHIN_MS = 150_000;
const POLL_MS = 250;
const BATCH_EVENTS = 4000;
const ORIGIN = 'https://retention.example';
const BENCH_DATABASE = 'bench_retention';
const TARGET = { p99Ratio: 2 };
const DAY_MS = 86_400_000;
/** Conversations the job deletes per transaction (CONVERSATIONS_AT_ONCE in retention-job.ts), to tell its batches' pace. */
const JOB_BATCH = 500;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/* ---------------------------------------------------------------- the project */

interface BuiltProject {
  projectId: string;
  deploymentId: string;
  deploymentKey: string;
  snapshotId: string;
  samples: AnswerSample[];
  /** Before the Real-Time Test's questions: the recent history ends here, so the inbox has read past all of it. */
  builtBefore: Date;
}

/**
 * The project through the API: 150 content items, lexical, synced and deployed, kept forever for
 * now (so no retention runs before the bench asks), and questions asked in the Real-Time Test for
 * the history's answers. The inbox then reads the failed ones before the server stops, so that the
 * history written below it later is never read by the inbox's grouping.
 */
async function buildProject(baseUrl: string): Promise<BuiltProject> {
  const team = await Console.signIn(baseUrl);
  const workspaceId = await team.workspace('Retention');
  const projectId = await team.importProject(workspaceId, 'Shop Assistant', syntheticIntents(150, 40), { understanding: 'lexical' });
  const deploymentKey = await team.syncAndDeploy(projectId, ORIGIN);
  await team.call('PUT', `/project/${projectId}/privacy`, { retention_days: null });
  const { records } = await team.call<{ records: { id: string; key: string; snapshot_id: string | null }[] }>('GET', `/project/${projectId}/deployment`);
  const deployment = records.find((record) => record.key === deploymentKey)!;
  const builtBefore = new Date();
  const offTopic = readFileSync(path.join(import.meta.dirname, 'questions/off-topic.txt'), 'utf8').trim().split('\n');
  const samples = await askForSamples(team, projectId, [...syntheticQuestions(240, 23), ...offTopic]);
  const settled = Date.now() + 120_000;
  while ((await team.call<{ pending: number }>('GET', `/project/${projectId}/insight`)).pending > 0) {
    if (Date.now() > settled) throw new Error('the inbox did not read the Real-Time Test questions within 2 minutes');
    await sleep(500);
  }
  return { projectId, deploymentId: deployment.id, deploymentKey, snapshotId: deployment.snapshot_id!, samples, builtBefore };
}

/* ---------------------------------------------------------------- the database */

type Target = { databaseUrl: string } | { pgliteDir: string };

/** The project's events and conversations before the boundary (expired), and from it up to `until` (kept). */
async function countStored(db: Awaited<ReturnType<typeof openDatabase>>['db'], projectId: string, boundary: Date, until: Date) {
  const before = sql`${boundary.toISOString()}::timestamptz`;
  const end = sql`${until.toISOString()}::timestamptz`;
  const [stored] = await db
    .select({
      expired: sql<number>`count(*) FILTER (WHERE ${events.issuedAt} < ${before})`.mapWith(Number),
      kept: sql<number>`count(*) FILTER (WHERE ${events.issuedAt} >= ${before} AND ${events.issuedAt} < ${end})`.mapWith(Number),
      all: sql<number>`count(*)`.mapWith(Number),
    })
    .from(events)
    .where(eq(events.projectId, projectId));
  const [conversationCounts] = await db
    .select({
      expired: sql<number>`count(*) FILTER (WHERE ${conversations.lastIssuedAt} < ${before})`.mapWith(Number),
      kept: sql<number>`count(*) FILTER (WHERE ${conversations.issuedAt} >= ${before} AND ${conversations.issuedAt} < ${end})`.mapWith(Number),
      all: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversations)
    .where(eq(conversations.projectId, projectId));
  return { events: stored!, conversations: conversationCounts! };
}

/**
 * The two histories, written while no server runs (the embedded database has one owner): the expired
 * one, then the recent one (other visitors: another seed). PostgreSQL's tables are then vacuumed and
 * analysed, as its autovacuum would have done over a year of such traffic.
 */
async function generate(target: Target, built: BuiltProject, now: Date) {
  const database = await openDatabase(target);
  const started = performance.now();
  const plan = {
    projectId: built.projectId,
    sources: [{ deploymentId: built.deploymentId, snapshotId: built.snapshotId, share: 1 }],
    samples: built.samples,
    oosShare: 0.15,
    batchEvents: BATCH_EVENTS,
  };
  let reported = 0;
  const expired = await writeHistory(database.db, { ...plan, events: EVENTS, end: new Date(now.getTime() - EXPIRED.endDaysAgo * DAY_MS), days: EXPIRED.days }, (written) => {
    if (written - reported < 200_000) return;
    reported = written;
    process.stderr.write(`retention: ${written} events written in ${Math.round((performance.now() - started) / 1000)} s\n`);
  });
  const recent = await writeHistory(database.db, { ...plan, events: RECENT_EVENTS, end: built.builtBefore, days: RECENT_DAYS, seed: 2 });
  const writeS = (performance.now() - started) / 1000;
  if (database.kind === 'postgres') {
    const client = (database.db as unknown as { $client: { query: (text: string) => Promise<unknown> } }).$client;
    await client.query('VACUUM (ANALYZE) events, conversations, event_counts, conversation_counts, visitors');
  }
  const stored = await countStored(database.db, built.projectId, new Date(now.getTime() - BOUNDARY_DAYS_AGO * DAY_MS), now);
  await database.close();
  return { expired, recent, writeS, stored };
}

/* ---------------------------------------------------------------- measuring */

/** The latest retention run of the project, as the Privacy section follows it. */
async function retentionRun(team: Console, projectId: string): Promise<Job | null> {
  return (await team.call<RetentionStatus>('GET', `/project/${projectId}/privacy/retention`)).last_run;
}

/** Polls the latest retention run until `done` says so; throws after `withinMs`. */
async function waitForRun(team: Console, projectId: string, done: (run: Job | null) => boolean, withinMs: number, what: string): Promise<Job> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const run = await retentionRun(team, projectId);
    if (run && done(run)) return run;
    if (Date.now() > deadline) throw new Error(`the retention job ${what} within ${withinMs / 1000} s (last run: ${JSON.stringify(run)})`);
    await sleep(POLL_MS);
  }
}

/** An answer slower than this is a moment the server held answering: its second is listed. */
const SLOW_MS = 100;

/**
 * A run's figures, with the seconds (from its start) whose slowest answer took more than SLOW_MS and
 * that answer's time, the first 20: whether the p99 comes from a few moments or from all along.
 */
function figures(run: OpenLoopResult & { slowest: number[] }) {
  const slow = run.slowest.flatMap((ms, second) => (ms > SLOW_MS ? [[second, Math.round(ms)]] : []));
  return {
    p50: run.p50_ms,
    p95: run.p95_ms,
    p99: run.p99_ms,
    max: run.max_ms,
    questions: run.sent,
    errors: run.errors,
    send_lag_max_ms: run.send_lag_max_ms,
    seconds_over_100_ms: slow.length,
    slow_seconds: slow.slice(0, 20),
  };
}

/* ---------------------------------------------------------------- one database */

async function benchOn(kind: 'pglite' | 'postgres', postgresUrl: string | null): Promise<Record<string, unknown>> {
  const pgDatabase = kind === 'postgres' ? await freshPostgresDatabase(postgresUrl!, BENCH_DATABASE) : null;
  const env = { DATABASE_URL: pgDatabase?.url ?? '', CHAT_MAX_QUERIES_PER_MINUTE: '100000000' };
  let server: RunningServer = await startServer(env);
  let running = true;
  const stopServer = async () => {
    if (running) await server.stop();
    running = false;
  };
  const { dataDir } = server;
  const target: Target = pgDatabase ? { databaseUrl: pgDatabase.url } : { pgliteDir: path.join(dataDir, 'db') };
  try {
    let built: BuiltProject;
    try {
      built = await buildProject(server.baseUrl);
    } finally {
      await stopServer();
    }
    const generatedAt = new Date();
    const boundary = new Date(generatedAt.getTime() - BOUNDARY_DAYS_AGO * DAY_MS);
    const generated = await generate(target, built, generatedAt);

    server = await startServer(env, { dataDir });
    running = true;
    const team = await Console.signIn(server.baseUrl);
    const questions = syntheticQuestions(500);
    let answered = 0;
    /** The load, with the slowest answer of each of its seconds (by the requests' due time). */
    const load = async (durationS: number, signal?: AbortSignal) => {
      const slowest: number[] = [];
      const run = await openLoop({
        url: `${server.baseUrl}/api/v1/chat/${built.deploymentKey}/query`,
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        ratePerSecond: RATE,
        durationS,
        body: (index) => JSON.stringify({ utterance: questions[index % questions.length] }),
        onResponse: (status, _text, latencyMs, index) => {
          if (status === 200) answered++;
          const second = Math.floor(index / RATE);
          slowest[second] = Math.max(slowest[second] ?? 0, latencyMs);
        },
        signal,
      });
      return { ...run, slowest };
    };

    await load(WARM_UP_S);
    const baseline = await load(BASELINE_S);
    const baselineLoad = loadavg()[0]!;
    const earlier = await retentionRun(team, built.projectId);
    if (earlier) throw new Error(`a retention job ran before the bench set the retention: ${JSON.stringify(earlier)}`);

    const setAt = Date.now();
    await team.call('PUT', `/project/${built.projectId}/privacy`, { retention_days: RETENTION_DAYS });
    // Queued by the next due check, then claimed by the next poll of the job runner.
    const started = await waitForRun(team, built.projectId, (run) => run !== null && run.status !== 'queued', QUEUED_WITHIN_MS, 'did not start');
    const stop = new AbortController();
    const duringRun = load(MAX_DURING_S, stop.signal);
    let finished: Job;
    let progress = 0;
    try {
      finished = await waitForRun(
        team,
        built.projectId,
        (run) => {
          progress = run?.done ?? progress;
          return run !== null && finishedJobStatuses.includes(run.status);
        },
        MAX_DURING_S * 1000,
        'did not end',
      );
    } finally {
      stop.abort();
    }
    const during = await duringRun;
    const duringLoad = loadavg()[0]!;
    // The last answers' events are stored by the group-commit writer a moment after they are sent.
    await sleep(1000);
    const summary = await team.call<Summary>('GET', `/project/${built.projectId}/summary?include_realtime__eq=true`);
    await stopServer();

    const database = await openDatabase(target);
    const after = await countStored(database.db, built.projectId, boundary, generatedAt);
    await database.close();

    const seconds = (Date.parse(finished.finished_at!) - Date.parse(finished.started_at!)) / 1000;
    const deletedEvents = generated.stored.events.expired - after.events.expired;
    const deletedConversations = generated.stored.conversations.expired - after.conversations.expired;
    const ratio = during.p99_ms / baseline.p99_ms;
    const remainingOk =
      finished.status === 'succeeded' &&
      generated.stored.events.expired === generated.expired.events &&
      after.events.expired === 0 &&
      after.conversations.expired === 0 &&
      after.events.kept === generated.stored.events.kept &&
      after.conversations.kept === generated.stored.conversations.kept &&
      // The recent history and the Real-Time Test's questions, then two events for each question answered here.
      after.events.all === generated.stored.events.kept + 2 * answered;
    return {
      bench: 'retention',
      database: kind,
      events: EVENTS,
      expired_conversations: generated.expired.conversations,
      recent_events: generated.stored.events.kept,
      generation: { events: generated.expired.events + generated.recent.events, seconds: round(generated.writeS) },
      rate_per_s: RATE,
      retention_days: RETENTION_DAYS,
      baseline: { ...figures(baseline), load_average_1m: round(baselineLoad, 2) },
      during: { ...figures(during), load_average_1m: round(duringLoad, 2) },
      p99_ratio: round(ratio, 2),
      target: { p99_ratio: TARGET.p99Ratio },
      met: ratio <= TARGET.p99Ratio && baseline.errors + during.errors === 0,
      deletion: {
        status: finished.status,
        ...(finished.error ? { error: finished.error } : {}),
        events: deletedEvents,
        conversations: deletedConversations,
        job_done: finished.done,
        seconds: round(seconds, 2),
        events_per_s: Math.round(deletedEvents / seconds),
        conversations_per_s: Math.round(deletedConversations / seconds),
        // A batch and the rest after it (as long as the batch took, at most 250 ms).
        ms_per_batch_and_rest: Math.round((seconds * 1000) / Math.ceil(deletedConversations / JOB_BATCH)),
        queued_after_s: round((Date.parse(started.started_at!) - setAt) / 1000),
      },
      remaining_ok: remainingOk,
      ...(remainingOk ? {} : { stored_before: generated.stored, stored_after: after, answered_here: answered }),
      summary_matches_database: summary.event_count === after.events.all && summary.conversation_count === after.conversations.all,
      ...(summary.event_count === after.events.all ? {} : { summary_events: summary.event_count, database_events: after.events.all }),
    };
  } finally {
    await stopServer();
    if (!process.env.BENCH_RETENTION_KEEP) {
      removeDataDir(server);
      await pgDatabase?.drop();
    }
  }
}

const postgresUrl = await postgresServer();
const only = process.env.BENCH_RETENTION_DATABASES?.split(',');
for (const kind of ['pglite', 'postgres'] as const) {
  if (only && !only.includes(kind)) continue;
  if (kind === 'postgres' && !postgresUrl) {
    console.log(JSON.stringify({ bench: 'retention', database: 'postgres', skipped: 'no PostgreSQL: set BENCH_DATABASE_URL or run one on 127.0.0.1:5432' }));
    continue;
  }
  console.log(JSON.stringify(await benchOn(kind, postgresUrl)));
}
