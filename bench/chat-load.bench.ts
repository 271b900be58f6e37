// The chat endpoint under load (issue): 50 connections for 20 s against POST /api/v1/chat/{key}/query
// of a deployed 150-intent project; throughput at least 0.15 of a bare Fastify hello-world measured
// in the same run, p99 at most 20 ms, no errors, and every answered query stored. Each server gets
// the same load for a few seconds first, unmeasured, so the figures are of a running service rather
// than of its first second (code not yet optimized, the deployed index loading). Each answer, the
// warm-up's too, names its own new conversation, and each of those conversations must have exactly
// its request and its response event (counted in the database after the server has stopped and
// flushed). Queries the load generator abandons in flight when a run's time is up are answered and
// stored by the server but never read; they are reported apart. The processor time each party spent per answered query (the
// server, a local PostgreSQL, this process generating the load) shows where the time goes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { deployments, events } from '../apps/server/src/db/schema/index';
import { Console } from './support/assistant-api';
import { postgresProcessorTime, processorTime } from './support/processor-time';
import { freePort, removeDataDir, startServer } from './support/server';
import { syntheticIntents, syntheticQuestions } from './support/synthetic-project';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WARM_UP_S = 3;
const ORIGIN = 'https://load.example';

async function hammer(options: autocannon.Options, duration = DURATION_S): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function helloWorld(): Promise<autocannon.Result> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'support/hello-server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
  for (;;) {
    if (await fetch(`http://127.0.0.1:${port}/`).then((response) => response.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    const load = { url: `http://127.0.0.1:${port}/` };
    await hammer(load, WARM_UP_S);
    return await hammer(load);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const baseline = await helloWorld();
const answeredConversations: string[] = [];

const server = await startServer({ CHAT_MAX_QUERIES_PER_MINUTE: '100000000' });
let result: autocannon.Result;
let warmUp: autocannon.Result;
let key: string;
/** Processor time per answered query (µs) of the server, a local PostgreSQL and this process (the load generator). */
let perAnswer: Record<'server' | 'postgres' | 'load_generator', number | null>;
try {
  const team = await Console.signIn(server.baseUrl);
  const workspaceId = await team.workspace('Load');
  const projectId = await team.importProject(workspaceId, 'Load', syntheticIntents(150, 100));
  key = await team.syncAndDeploy(projectId, ORIGIN);
  const questions = syntheticQuestions(500);
  // The answer starts with {"conv_id":"<uuid>": read without parsing, so the load generator stays light.
  const onResponse = (status: number, body: string) => {
    if (status === 200) answeredConversations.push(body.slice(12, 48));
  };
  const load: autocannon.Options = {
    url: `${server.baseUrl}/api/v1/chat/${key}/query`,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    requests: questions.map((utterance) => ({ method: 'POST', body: JSON.stringify({ utterance }), onResponse })),
  };
  warmUp = await hammer(load, WARM_UP_S);
  const before = { server: processorTime(server.pid), postgres: postgresProcessorTime(), loadGenerator: process.cpuUsage() };
  result = await hammer(load);
  const loadGenerator = process.cpuUsage(before.loadGenerator);
  const per = (start: number | null, end: number | null) => (start === null || end === null ? null : Math.round((end - start) / result['2xx']));
  perAnswer = {
    server: per(before.server, processorTime(server.pid)),
    // The embedded engine runs inside the server, so its time is the server's.
    postgres: process.env.BENCH_DATABASE_URL ? per(before.postgres, postgresProcessorTime()) : null,
    load_generator: per(0, loadGenerator.user + loadGenerator.system),
  };
} finally {
  await server.stop();
}

// The server has flushed on SIGTERM; read what it stored.
const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { pgliteDir: path.join(server.dataDir, 'db') });
const [deployment] = await database.db.select({ id: deployments.id }).from(deployments).where(eq(deployments.key, key!));
const ofDeployment = eq(events.deploymentId, deployment!.id);
const stored = Object.fromEntries(
  await Promise.all(
    (['request', 'response', 'error'] as const).map(async (type) => {
      const [row] = await database.db.select({ total: count() }).from(events).where(and(ofDeployment, inArray(events.dataType, [type])));
      return [type, Number(row?.total ?? 0)];
    }),
  ),
);
// The answered conversations with exactly their two events, a request and then a response.
const [complete] = await database.db
  .select({ total: count() })
  .from(
    database.db
      .select({ convId: events.convId })
      .from(events)
      .where(and(ofDeployment, sql`${events.convId} = ANY(${`{${answeredConversations.join(',')}}`}::uuid[])`))
      .groupBy(events.convId)
      .having(sql`count(*) = 2 AND bool_or(${events.dataType} = 'request') AND bool_or(${events.dataType} = 'response')`)
      .as('answered'),
  );
const answeredStored = Number(complete?.total ?? 0);
await database.close();
removeDataDir(server);

const answered = result!['2xx'];
/** Every query answered under load, the warm-up's too: each must have its events stored. */
const answeredInAll = warmUp!['2xx'] + answered;
const errors = (run: autocannon.Result) => run.errors + run.timeouts + run.non2xx;
const ratio = result!.requests.average / baseline.requests.average;
console.log(
  JSON.stringify({
    bench: 'chat-load',
    connections: CONNECTIONS,
    duration_s: DURATION_S,
    database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
    hello_world_rps: Math.round(baseline.requests.average),
    chat_rps: Math.round(result!.requests.average),
    ratio: Number(ratio.toFixed(3)),
    target_ratio: 0.15,
    p50_ms: result!.latency.p50,
    p99_ms: result!.latency.p99,
    target_p99_ms: 20,
    answered,
    errors: errors(result!),
    warm_up_s: WARM_UP_S,
    warm_up_answered: warmUp!['2xx'],
    warm_up_errors: errors(warmUp!),
    processor_us_per_answer: perAnswer!,
    answered_with_both_events_stored: answeredStored,
    stored_request_events: stored.request,
    stored_response_events: stored.response,
    stored_error_events: stored.error,
    abandoned_in_flight_stored: stored.response! - answeredStored,
    within_target:
      ratio >= 0.15 &&
      result!.latency.p99 <= 20 &&
      errors(result!) + errors(warmUp!) === 0 &&
      answeredConversations.length === answeredInAll &&
      answeredStored === answeredInAll &&
      stored.error === 0,
  }),
);
