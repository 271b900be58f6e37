// The chat endpoint under load (issue): 50 connections for 20 s against POST /api/v1/chat/{key}/query
// of a deployed 150-intent project, twice in one server.
// - Lexical-only understanding (pipeline_config.understanding 'lexical', words alone), asked 500
//   questions in turn: throughput at least 0.15 of a bare Fastify hello-world measured in the same run,
//   p99 at most 20 ms.
// - Semantic understanding (the default: the server embeds every question with the sentence encoder),
//   every request a question never asked before in the run, so no cache of answers or vectors helps:
//   at least 300 answers a second, p99 at most 100 ms, and the server's resident memory with the
//   model loaded at most 800 MB (its highest sample while the load runs). Then the same project at a
//   steady arrival rate instead of saturation: distinct new questions sent open-loop at 100 a second
//   (about half of what two cores answer) for the run's duration, p99 at most 100 ms (a p99 at 50
//   connections kept busy measures queueing, not the answer).
// - Redaction (issue: personal data replaced by markers before storage): another lexical project asked
//   the same questions, one in 20 (BENCH_PERSONAL_EVERY) with an e-mail address, phone, card, IBAN or IP address added,
//   with redaction off, on, off, on: answers per second with it on at least 0.95 of off, p99 at most
//   2 ms more (means of the two runs each).
// - The inbox's grouping (issue: keeping the groups current costs the chat API at most 5% of its
//   answers per second): servers of their own started with background jobs on and off in turn,
//   twice (BACKGROUND_JOBS; nothing else is queued, so off leaves out the grouping alone). Each takes
//   the lexical run's load (one question in ten out of scope, more answered below the inbox's
//   threshold: failed questions to group), then the semantic project at the open-loop rate with one
//   question in ten a new off-topic one. Answers per second with jobs on at least 0.95 of off (means
//   of the two runs each), the open-loop p99 beside it, and how many failed questions each server
//   grouped meanwhile (none with jobs off, some with them on: the cost of a grouping that ran).
// Both: no errors, and every answered query stored. Each server gets the same load for a few seconds
// first, unmeasured, so the figures are of a running service rather than of its first second (code
// not yet optimized, the deployed index loading). Each answer, the warm-up's too, names its own new
// conversation, and each of those conversations must have exactly its request and its response event
// (counted in the database after the server has stopped and flushed). Queries the load generator
// abandons in flight when a run's time is up are answered and stored by the server but never read;
// they are reported apart. The processor time each party spent per answered query (the server, a
// local PostgreSQL, this process generating the load) shows where the time goes. Last, the lexical
// run's questions go to the storage floor (support/storage-floor-server.ts): a bare route that only
// stores each question's two events, as the server does, in the same database. No chat endpoint on
// this machine can answer faster than that floor, so it tells whether a shortfall lies in the
// answering or in what storing every question costs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { deployments, events, insightQuestions } from '../apps/server/src/db/schema/index';
import { Console } from './support/assistant-api';
import { postgresProcessorTime, processorTime } from './support/processor-time';
import { residentMemory, sampleResidentPeak } from './support/resident-memory';
import { openLoop, type OpenLoopResult } from './support/open-loop';
import { freePort, removeDataDir, startServer, type RunningServer } from './support/server';
import { distinctQuestions, syntheticIntents, syntheticQuestions } from './support/synthetic-project';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WARM_UP_S = 3;
const ORIGIN = 'https://load.example';

async function hammer(options: autocannon.Options, duration = DURATION_S): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Processor time per answered query (µs) of the server, a local PostgreSQL and this process (the load generator). */
type PerAnswer = Record<'server' | 'postgres' | 'load_generator', number | null>;

/** A warm-up, then the measured load, with the processor time each party spent on it. */
async function measured(serverPid: number, load: autocannon.Options): Promise<{ warmUp: autocannon.Result; result: autocannon.Result; perAnswer: PerAnswer }> {
  const warmUp = await hammer(load, WARM_UP_S);
  const before = { server: processorTime(serverPid), postgres: postgresProcessorTime(), loadGenerator: process.cpuUsage() };
  const result = await hammer(load);
  const loadGenerator = process.cpuUsage(before.loadGenerator);
  const per = (start: number | null, end: number | null) => (start === null || end === null ? null : Math.round((end - start) / result['2xx']));
  const perAnswer = {
    server: per(before.server, processorTime(serverPid)),
    // The embedded engine runs inside the server, so its time is the server's.
    postgres: process.env.BENCH_DATABASE_URL ? per(before.postgres, postgresProcessorTime()) : null,
    load_generator: per(0, loadGenerator.user + loadGenerator.system),
  };
  return { warmUp, result, perAnswer };
}

/** A script of ./support in its own process under measured load; stopped after. */
async function loadScript(script: string, env: Record<string, string>, load: (port: number) => autocannon.Options): ReturnType<typeof measured> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', script)], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await measured(child.pid!, load(port));
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const { result: baseline } = await loadScript('hello-server.mjs', {}, (port) => ({ url: `http://127.0.0.1:${port}/` }));

/** One question in this many carries personal data in the redaction runs (BENCH_PERSONAL_EVERY). */
const PERSONAL_EVERY = Number(process.env.BENCH_PERSONAL_EVERY ?? 20);

/** The questions with personal data added to one in PERSONAL_EVERY: an e-mail address, a phone number, a card number, an IBAN, an address, in turn. */
function questionsWithPersonalData(questions: readonly string[]): string[] {
  const data = ['my email is jane.doe@example.org', 'call me on +44 20 7946 0958', 'my card is 4111 1111 1111 1111', 'my IBAN is DE89 3704 0044 0532 0130 00', 'my IP is 192.168.10.254'];
  return questions.map((question, i) => (i % PERSONAL_EVERY === 0 ? `${question}, ${data[(i / PERSONAL_EVERY) % data.length]}` : question));
}

/** The questions of a run: the same ones in turn, or each request a new one. */
type Questions = { each: readonly string[] } | { next: () => string };

/** The load: the questions posted, each answer handed to `onResponse`. */
function questionLoad(url: string, headers: Record<string, string>, questions: Questions, onResponse: (status: number, body: string) => void): autocannon.Options {
  const post = { method: 'POST' as const, onResponse };
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    requests:
      'each' in questions
        ? questions.each.map((utterance) => ({ ...post, body: JSON.stringify({ utterance }) }))
        : // The body is made as each request is sent: a question that was never asked before.
          [{ ...post, setupRequest: (request) => ({ ...request, body: JSON.stringify({ utterance: questions.next() }) }) }],
  };
}

interface ChatRun extends Awaited<ReturnType<typeof measured>> {
  key: string;
  projectId: string;
  /** Seconds the project's sync and deploy took (the semantic sync embeds its 15,000 utterances). */
  syncS: number;
  /** The conversation of every answer read, the warm-up's too. */
  answeredConversations: string[];
  /** The server's resident memory (MB) as the run started, and the highest sampled during it. */
  memory: { first: number | null; peak: number | null };
  /** The server's resident memory at the run's end, and the highest since the server started (its syncs included). */
  memoryAtEnd: ReturnType<typeof residentMemory>;
}

/** A project of the synthetic intents with the given pipeline_config, synced, deployed and put under load. */
async function chatRun(server: RunningServer, team: Console, workspaceId: string, name: string, pipelineConfig: Record<string, unknown>, questions: Questions): Promise<ChatRun> {
  const projectId = await team.importProject(workspaceId, name, syntheticIntents(150, 100), pipelineConfig);
  const started = performance.now();
  const key = await team.syncAndDeploy(projectId, ORIGIN);
  const syncS = Number(((performance.now() - started) / 1000).toFixed(1));
  const answeredConversations: string[] = [];
  // The answer starts with {"conv_id":"<uuid>": read without parsing, so the load generator stays light.
  const onResponse = (status: number, body: string) => {
    if (status === 200) answeredConversations.push(body.slice(12, 48));
  };
  const memory = sampleResidentPeak(server.pid);
  const run = await measured(server.pid, questionLoad(`${server.baseUrl}/api/v1/chat/${key}/query`, { origin: ORIGIN }, questions, onResponse));
  return { ...run, key, projectId, syncS, answeredConversations, memory: memory.stop(), memoryAtEnd: residentMemory(server.pid) };
}

const server = await startServer({ CHAT_MAX_QUERIES_PER_MINUTE: '100000000' });
/** What the server holds before any project: its own code and the embedded database. */
const startedMemory = residentMemory(server.pid);
const distinct = distinctQuestions();
/** Questions made for the semantic run's requests, each one different (a few are made for requests never sent). */
let distinctMade = 0;
let lexical: ChatRun;
let semantic: ChatRun;
/** Arrivals a second of the open-loop run. */
const STEADY_RATE = 100;
let steady: OpenLoopResult;
const steadyConversations: string[] = [];
/** The redaction runs, in the order they ran: lexical questions, a fifth of them carrying personal data. */
const redactionRuns: { redaction: boolean; rps: number; p99_ms: number; errors: number }[] = [];
try {
  const team = await Console.signIn(server.baseUrl);
  const workspaceId = await team.workspace('Load');
  lexical = await chatRun(server, team, workspaceId, 'Load', { understanding: 'lexical' }, { each: syntheticQuestions(500) });
  // Redaction off and on in turn, twice, on one project: the cost of redacting what is stored, with
  // the machine's drift between runs shared by both.
  const privacyProject = await team.importProject(workspaceId, 'Privacy load', syntheticIntents(150, 100), { understanding: 'lexical' });
  const privacyKey = await team.syncAndDeploy(privacyProject, ORIGIN);
  const withPersonalData = questionsWithPersonalData(syntheticQuestions(500));
  for (const redaction of [false, true, false, true]) {
    await team.call('PUT', `/project/${privacyProject}/privacy`, { redaction_enabled: redaction });
    const { result } = await measured(server.pid, questionLoad(`${server.baseUrl}/api/v1/chat/${privacyKey}/query`, { origin: ORIGIN }, { each: withPersonalData }, () => undefined));
    redactionRuns.push({ redaction, rps: result.requests.average, p99_ms: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx });
  }
  semantic = await chatRun(server, team, workspaceId, 'Semantic load', {}, {
    next: () => {
      distinctMade++;
      return distinct();
    },
  });
  steady = await openLoop({
    url: `${server.baseUrl}/api/v1/chat/${semantic.key}/query`,
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    ratePerSecond: STEADY_RATE,
    durationS: DURATION_S,
    body: () => {
      distinctMade++;
      return JSON.stringify({ utterance: distinct() });
    },
    onResponse: (status, text) => {
      if (status === 200) steadyConversations.push(text.slice(12, 48));
    },
  });
} finally {
  await server.stop();
}

// The server has flushed on SIGTERM; read what it stored.
const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { pgliteDir: path.join(server.dataDir, 'db') });

/** The events a run's deployment stored, and how many of its answered conversations have exactly their two. */
async function storedOf(run: Pick<ChatRun, 'key' | 'answeredConversations'>) {
  const [deployment] = await database.db.select({ id: deployments.id }).from(deployments).where(eq(deployments.key, run.key));
  const ofDeployment = eq(events.deploymentId, deployment!.id);
  const stored = Object.fromEntries(
    await Promise.all(
      (['request', 'response', 'error'] as const).map(async (type) => {
        const [row] = await database.db.select({ total: count() }).from(events).where(and(ofDeployment, inArray(events.dataType, [type])));
        return [type, Number(row?.total ?? 0)];
      }),
    ),
  ) as Record<'request' | 'response' | 'error', number>;
  // The answered conversations with exactly their two events, a request and then a response.
  const [complete] = await database.db
    .select({ total: count() })
    .from(
      database.db
        .select({ convId: events.convId })
        .from(events)
        .where(and(ofDeployment, sql`${events.convId} = ANY(${`{${run.answeredConversations.join(',')}}`}::uuid[])`))
        .groupBy(events.convId)
        .having(sql`count(*) = 2 AND bool_or(${events.dataType} = 'request') AND bool_or(${events.dataType} = 'response')`)
        .as('answered'),
    );
  return { stored, answeredStored: Number(complete?.total ?? 0) };
}
const lexicalStored = await storedOf(lexical!);
const semanticStored = await storedOf(semantic!);
const steadyStored = await storedOf({ key: semantic!.key, answeredConversations: steadyConversations });
await database.close();

// What storing the questions alone allows on this machine, in the same database after the server has stopped.
const { result: floor, perAnswer: floorPerAnswer } = await loadScript(
  'storage-floor-server.ts',
  { PROJECT_ID: lexical!.projectId, ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : { DATABASE_URL: '', PGLITE_DIR: path.join(server.dataDir, 'db') }) },
  // The answers are handed over as the chat endpoint's are, so the load generator does the same work.
  (port) => questionLoad(`http://127.0.0.1:${port}/query`, {}, { each: syntheticQuestions(500) }, () => undefined),
);
removeDataDir(server);

const errors = (run: autocannon.Result) => run.errors + run.timeouts + run.non2xx;

/** The figures both runs report, and whether every answer was stored without an error. */
function figures(run: ChatRun, { stored: all, answeredStored }: Awaited<ReturnType<typeof storedOf>>, laterRun = 0) {
  const { result, warmUp, perAnswer } = run;
  // The open-loop run asks the same deployment afterwards: its answered questions (each checked to have its two events) are not this run's.
  const stored = { request: all.request - laterRun, response: all.response - laterRun, error: all.error };
  /** Every query answered under load, the warm-up's too: each must have its events stored. */
  const answeredInAll = warmUp['2xx'] + result['2xx'];
  return {
    line: {
      connections: CONNECTIONS,
      duration_s: DURATION_S,
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      sync_and_deploy_s: run.syncS,
      chat_rps: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      answered: result['2xx'],
      errors: errors(result),
      warm_up_s: WARM_UP_S,
      warm_up_answered: warmUp['2xx'],
      warm_up_errors: errors(warmUp),
      processor_us_per_answer: perAnswer,
      answered_with_both_events_stored: answeredStored,
      stored_request_events: stored.request,
      stored_response_events: stored.response,
      stored_error_events: stored.error,
      abandoned_in_flight_stored: stored.response - answeredStored,
      server_rss_at_start_mb: startedMemory?.rss_mb ?? null,
      server_rss_before_run_mb: run.memory.first,
      server_rss_peak_mb: run.memory.peak,
      server_rss_at_end_mb: run.memoryAtEnd?.rss_mb ?? null,
      server_rss_highest_since_start_mb: run.memoryAtEnd?.peak_mb ?? null,
    },
    clean:
      errors(result) + errors(warmUp) === 0 &&
      run.answeredConversations.length === answeredInAll &&
      answeredStored === answeredInAll &&
      stored.error === 0,
  };
}

{
  const { line, clean } = figures(lexical!, lexicalStored);
  const ratio = lexical!.result.requests.average / baseline.requests.average;
  console.log(
    JSON.stringify({
      bench: 'chat-load',
      understanding: 'lexical',
      hello_world_rps: Math.round(baseline.requests.average),
      ...line,
      ratio: Number(ratio.toFixed(3)),
      target_ratio: 0.15,
      target_p99_ms: 20,
      storage_floor_rps: Math.round(floor.requests.average),
      storage_floor_ratio: Number((floor.requests.average / baseline.requests.average).toFixed(3)),
      storage_floor_errors: errors(floor),
      storage_floor_processor_us_per_answer: floorPerAnswer,
      within_target: ratio >= 0.15 && line.p99_ms <= 20 && clean,
    }),
  );
}
{
  const { line, clean } = figures(semantic!, semanticStored, steadyStored.answeredStored);
  console.log(
    JSON.stringify({
      bench: 'chat-load',
      understanding: 'semantic',
      ...line,
      distinct_questions_made: distinctMade,
      target_rps: 300,
      target_p99_ms: 100,
      target_rss_mb: 800,
      within_target: line.chat_rps >= 300 && line.p99_ms <= 100 && (line.server_rss_peak_mb ?? Infinity) <= 800 && clean,
    }),
  );
}
{
  const clean = steady!.errors === 0 && steady!.answered === steady!.sent && steadyStored.answeredStored === steadyConversations.length;
  console.log(
    JSON.stringify({
      bench: 'chat-load',
      understanding: 'semantic',
      load: 'open-loop',
      rate_per_s: STEADY_RATE,
      duration_s: DURATION_S,
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      ...steady!,
      answered_with_both_events_stored: steadyStored.answeredStored,
      target_p99_ms: 100,
      within_target: steady!.p99_ms <= 100 && clean,
    }),
  );
}
{
  const mean = (redaction: boolean, figure: 'rps' | 'p99_ms') => {
    const runs = redactionRuns.filter((run) => run.redaction === redaction);
    return runs.reduce((sum, run) => sum + run[figure], 0) / runs.length;
  };
  const rpsRatio = mean(true, 'rps') / mean(false, 'rps');
  const p99Added = mean(true, 'p99_ms') - mean(false, 'p99_ms');
  console.log(
    JSON.stringify({
      bench: 'chat-load',
      understanding: 'lexical',
      load: 'redaction on and off',
      questions_with_personal_data: `1 in ${PERSONAL_EVERY}`,
      runs: redactionRuns.map((run) => ({ ...run, rps: Math.round(run.rps) })),
      off_rps: Math.round(mean(false, 'rps')),
      on_rps: Math.round(mean(true, 'rps')),
      on_to_off: Number(rpsRatio.toFixed(3)),
      off_p99_ms: mean(false, 'p99_ms'),
      on_p99_ms: mean(true, 'p99_ms'),
      target_on_to_off_min: 0.95,
      target_p99_added_ms_max: 2,
      within_target: rpsRatio >= 0.95 && p99Added <= 2 && redactionRuns.every((run) => run.errors === 0),
    }),
  );
}

/** Off-topic questions for the semantic open-loop runs, each new: visitors asking what the project is not about. */
function offTopicQuestions(): (n: number) => string {
  const asks = ['what will the weather be like in', 'tell me a joke about', 'who won the football match in', 'play some music from', 'how tall is the tower in'];
  const places = ['Paris', 'Lisbon', 'Oslo', 'Vienna', 'Prague', 'Dublin', 'Madrid', 'Athens', 'Berlin', 'Rome', 'Warsaw'];
  return (n) => `${asks[n % asks.length]} ${places[Math.floor(n / asks.length) % places.length]} ${Math.floor(n / (asks.length * places.length)) + 1990}`;
}

/**
 * One server of the grouping runs, with background jobs on or off: a lexical and a semantic project
 * of the synthetic intents, the lexical one saturated as in the lexical run, then the semantic one at
 * the open-loop rate; what the inbox of each collected and grouped meanwhile.
 */
async function groupingRun(backgroundJobs: 'on' | 'off') {
  const server = await startServer({ CHAT_MAX_QUERIES_PER_MINUTE: '100000000', BACKGROUND_JOBS: backgroundJobs });
  // Every server is asked the same questions, in the same order.
  const next = distinctQuestions();
  const offTopic = offTopicQuestions();
  let projects: string[];
  let saturated: Awaited<ReturnType<typeof measured>>;
  let open: OpenLoopResult;
  try {
    const team = await Console.signIn(server.baseUrl);
    const workspaceId = await team.workspace('Inbox');
    const lexicalProject = await team.importProject(workspaceId, 'Inbox lexical', syntheticIntents(150, 100), { understanding: 'lexical' });
    const semanticProject = await team.importProject(workspaceId, 'Inbox semantic', syntheticIntents(150, 100), {});
    projects = [lexicalProject, semanticProject];
    const lexicalKey = await team.syncAndDeploy(lexicalProject, ORIGIN);
    const semanticKey = await team.syncAndDeploy(semanticProject, ORIGIN);
    saturated = await measured(server.pid, questionLoad(`${server.baseUrl}/api/v1/chat/${lexicalKey}/query`, { origin: ORIGIN }, { each: syntheticQuestions(500) }, () => undefined));
    const steadyLoad = (durationS: number, first: number) =>
      openLoop({
        url: `${server.baseUrl}/api/v1/chat/${semanticKey}/query`,
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        ratePerSecond: STEADY_RATE,
        durationS,
        body: (i) => JSON.stringify({ utterance: (first + i) % 10 === 9 ? offTopic(first + i) : next() }),
        onResponse: () => undefined,
      });
    // Unmeasured, as the other runs' warm-up: the project's first questions load the encoder.
    await steadyLoad(WARM_UP_S, 0);
    open = await steadyLoad(DURATION_S, WARM_UP_S * STEADY_RATE);
  } finally {
    await server.stop();
  }
  const stored = await openDatabase(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { pgliteDir: path.join(server.dataDir, 'db') });
  const inboxOf = async (projectId: string) => {
    const ofProject = eq(insightQuestions.projectId, projectId);
    const [collected] = await stored.db.select({ total: count() }).from(insightQuestions).where(ofProject);
    const [grouped] = await stored.db.select({ total: count() }).from(insightQuestions).where(and(ofProject, isNotNull(insightQuestions.clusterId)));
    return { collected: Number(collected?.total ?? 0), grouped: Number(grouped?.total ?? 0) };
  };
  const [lexicalInbox, semanticInbox] = [await inboxOf(projects[0]!), await inboxOf(projects[1]!)];
  await stored.close();
  removeDataDir(server);
  return {
    background_jobs: backgroundJobs,
    rps: Math.round(saturated.result.requests.average),
    p99_ms: saturated.result.latency.p99,
    errors: errors(saturated.result) + errors(saturated.warmUp),
    open_loop_p99_ms: open.p99_ms,
    open_loop_errors: open.errors + open.sent - open.answered,
    failed_collected: { lexical: lexicalInbox.collected, semantic: semanticInbox.collected },
    failed_grouped: { lexical: lexicalInbox.grouped, semantic: semanticInbox.grouped },
  };
}
{
  const runs: Awaited<ReturnType<typeof groupingRun>>[] = [];
  for (const backgroundJobs of ['on', 'off', 'on', 'off'] as const) runs.push(await groupingRun(backgroundJobs));
  const mean = (jobs: 'on' | 'off', figure: 'rps' | 'p99_ms' | 'open_loop_p99_ms') => {
    const of = runs.filter((run) => run.background_jobs === jobs);
    return of.reduce((sum, run) => sum + run[figure], 0) / of.length;
  };
  const ratio = mean('on', 'rps') / mean('off', 'rps');
  const grouped = (run: (typeof runs)[number]) => run.failed_grouped.lexical + run.failed_grouped.semantic;
  console.log(
    JSON.stringify({
      bench: 'chat-load',
      load: "the inbox's grouping on and off",
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      runs,
      on_rps: Math.round(mean('on', 'rps')),
      off_rps: Math.round(mean('off', 'rps')),
      on_to_off: Number(ratio.toFixed(3)),
      on_p99_ms: mean('on', 'p99_ms'),
      off_p99_ms: mean('off', 'p99_ms'),
      on_open_loop_p99_ms: mean('on', 'open_loop_p99_ms'),
      off_open_loop_p99_ms: mean('off', 'open_loop_p99_ms'),
      target_on_to_off_min: 0.95,
      within_target: ratio >= 0.95 && runs.every((run) => run.errors + run.open_loop_errors === 0 && (run.background_jobs === 'off') === (grouped(run) === 0)),
    }),
  );
}
