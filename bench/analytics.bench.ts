// Analytics at scale (issue 6, Scale): with 1,000,000 events in one project, the dashboard's summary
// answers in at most 200 ms (unfiltered, and over 30 days of one deployment), a list page in at most
// 50 ms (the query log, the conversation list, one conversation), and the query log's export streams
// at least 50,000 lines (one per question) per second while the server's memory grows by less than
// 100 MB; on the embedded database and, when one is reachable, on PostgreSQL. One JSON line per
// database. The query log filtered by an answer's confidence or feedback, whose totals no rollup
// keeps (they count the rows of the range), is timed beside the lists, outside the target.
//
// The project is built through the API (content, sync, two deployments, Real-Time Test questions
// whose real answers and traces the history reuses); the history is then written straight into the
// database by the server's own event statement while no server runs (the embedded database has one
// owner), and the server is started again on it to be measured. Nothing survives a run: a temporary
// data directory, and a PostgreSQL database `bench_analytics` created and dropped here.
import { createReadStream, createWriteStream, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { EXPORT_TOTAL_HEADER, zonedFormatter, type Summary } from '@console/contracts';
import { openDatabase } from '../apps/server/src/db/client';
import { Console } from './support/assistant-api';
import { askForSamples, writeHistory, type AnswerSample, type HistoryTally } from './support/event-history';
import { freshPostgresDatabase, postgresServer } from './support/postgres';
import { BENCH_ADMIN, removeDataDir, startServer, type RunningServer } from './support/server';
import { syntheticIntents, syntheticQuestions } from './support/synthetic-project';
import { percentile } from './support/percentile';

const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);
const DAYS = 60;
const CALLS = 20;
const BATCH_EVENTS = 4000;
const ORIGIN = 'https://shop.example';
const EXPORT_TZ = 'Europe/Paris';
const BENCH_DATABASE = 'bench_analytics';
const TARGET = { summaryMs: 200, listMs: 50, exportEventsPerS: 50_000, exportGrowthMb: 100 };
/** An export slower than this is cut off and reported with the rate it reached (the target needs 20 s). */
const EXPORT_BUDGET_S = Number(process.env.BENCH_ANALYTICS_EXPORT_BUDGET_S ?? 300);
/** Analyse the embedded database too, to see what statistics would change there (the server does not). */
const ANALYZE_PGLITE = process.env.BENCH_ANALYTICS_ANALYZE_PGLITE === '1';

interface Timing {
  median_ms: number;
  p95_ms: number;
}

/* ---------------------------------------------------------------- databases */

/* ---------------------------------------------------------------- the project */

interface BuiltProject {
  projectId: string;
  snapshotId: string;
  deployments: { id: string; key: string }[];
  adminVisitor: string;
  samples: AnswerSample[];
}

/**
 * A realistic project through the API: 150 content items, synced, deployed as 'Production' and as a
 * second deployment, and questions asked in the Real-Time Test, in scope and off topic.
 */
async function buildProject(baseUrl: string): Promise<BuiltProject> {
  const team = await Console.signIn(baseUrl);
  const workspaceId = await team.workspace('Analytics');
  const projectId = await team.importProject(workspaceId, 'Shop Assistant', syntheticIntents(150, 40));
  await team.syncAndDeploy(projectId, ORIGIN);
  const mobile = await team.call<{ id: string }>('POST', `/project/${projectId}/deployment`, { display_name: 'Mobile App', allowed_origins: ORIGIN });
  await team.call('POST', `/project/${projectId}/deployment/${mobile.id}/deploy`);
  const { records } = await team.call<{ records: { id: string; key: string; snapshot_id: string | null }[] }>('GET', `/project/${projectId}/deployment`);
  const users = await team.call<{ records: { id: string }[] }>('GET', `/user?email__eq=${encodeURIComponent(BENCH_ADMIN.email)}`);
  const offTopic = readFileSync(path.join(import.meta.dirname, 'questions/off-topic.txt'), 'utf8').trim().split('\n');
  const samples = await askForSamples(team, projectId, [...syntheticQuestions(240, 23), ...offTopic]);
  return {
    projectId,
    snapshotId: records[0]!.snapshot_id!,
    deployments: records.map(({ id, key }) => ({ id, key })),
    adminVisitor: `user:${users.records[0]!.id}`,
    samples,
  };
}

/* ---------------------------------------------------------------- generation */

/**
 * The history, written while no server runs (the embedded database has a single owner), the way the
 * server opens its database. On PostgreSQL the tables are then vacuumed and analysed, as autovacuum
 * does soon after such growth on a live server; the embedded engine has no autovacuum, so it is
 * measured as a server that ran for 60 days would leave it (never analysed), unless asked otherwise.
 */
async function generate(target: { databaseUrl?: string; pgliteDir?: string }, built: BuiltProject, events: number, end: Date) {
  const database = await openDatabase(target);
  const started = performance.now();
  const [production, mobile] = built.deployments;
  let reported = 0;
  const tally = await writeHistory(
    database.db,
    {
      projectId: built.projectId,
      events,
      end,
      days: DAYS,
      sources: [
        { deploymentId: production!.id, snapshotId: built.snapshotId, share: 0.62 },
        { deploymentId: mobile!.id, snapshotId: built.snapshotId, share: 0.35 },
        { deploymentId: null, snapshotId: built.snapshotId, share: 0.03, consoleUsers: [built.adminVisitor] },
      ],
      samples: built.samples,
      oosShare: 0.15,
      batchEvents: BATCH_EVENTS,
    },
    (written) => {
      if (written - reported < 200_000) return;
      reported = written;
      process.stderr.write(`analytics: ${written} events written in ${Math.round((performance.now() - started) / 1000)} s\n`);
    },
  );
  const writeS = (performance.now() - started) / 1000;
  let vacuumS = 0;
  if (database.kind === 'postgres' || ANALYZE_PGLITE) {
    const vacuumStarted = performance.now();
    const client = (database.db as unknown as { $client: { query: (text: string) => Promise<unknown> } }).$client;
    await client.query(database.kind === 'postgres' ? 'VACUUM (ANALYZE) events, conversations, event_counts' : 'ANALYZE events, conversations, event_counts');
    vacuumS = (performance.now() - vacuumStarted) / 1000;
  }
  await database.close();
  return { tally, writeS, vacuumS };
}

/* ---------------------------------------------------------------- measuring */

/** One warm-up call, then `CALLS` timed calls (the whole answer read); paths may differ per call. */
async function timeCalls(team: Console, paths: (call: number) => string): Promise<Timing> {
  await team.call('GET', paths(CALLS));
  const times: number[] = [];
  for (let call = 0; call < CALLS; call++) {
    const started = performance.now();
    await team.call('GET', paths(call));
    times.push(performance.now() - started);
  }
  return { median_ms: round(percentile(times, 0.5)), p95_ms: round(percentile(times, 0.95)) };
}

function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

/** The start of a day in a time zone, `daysAgo` days before today there, as the console's date filter sends it. */
function dayStart(now: Date, daysAgo: number, tz: string): string {
  const format = zonedFormatter(tz);
  const day = format(new Date(now.getTime() - daysAgo * 86_400_000)).slice(0, 10);
  // The offset at midnight of that day (it may differ from today's across a change of summer time).
  const offset = format(new Date(`${day}T00:00:00Z`)).slice(23);
  return new Date(`${day}T00:00:00${offset}`).toISOString();
}

/** The server's memory in kB from /proc: its resident set now, or the peak since the last reset. */
function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]);
}

/** Clears the kernel's peak-RSS mark (VmHWM) so that it measures the export alone. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The export, downloaded to a file without parsing (the bench shares the machine's two cores with the
 * server, so the download must stay light), timed from the request to the last byte, with the
 * server's resident memory sampled meanwhile (and the kernel's peak mark, which misses nothing).
 */
async function timeExport(server: RunningServer, team: Console, projectId: string, file: string) {
  const rssBefore = memoryKb(server.pid, 'VmRSS');
  const peakReset = resetPeak(server.pid);
  let sampledPeak = rssBefore;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryKb(server.pid, 'VmRSS'))), 20);
  const started = performance.now();
  let total: string | undefined;
  let cutOff = false;
  let budget: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const request = get(
        `${server.baseUrl}/api/v1/project/${projectId}/query/export?tz=${encodeURIComponent(EXPORT_TZ)}&include_realtime__eq=true`,
        { headers: { authorization: `Bearer ${team.token}` } },
        (response) => {
          if (response.statusCode !== 200) return reject(new Error(`export answered ${response.statusCode}`));
          total = response.headers[EXPORT_TOTAL_HEADER] as string | undefined;
          pipeline(response, createWriteStream(file)).then(resolve, (error: unknown) => (cutOff ? resolve() : reject(error)));
        },
      );
      request.on('error', (error) => (cutOff ? resolve() : reject(error)));
      budget = setTimeout(() => {
        cutOff = true;
        request.destroy();
      }, EXPORT_BUDGET_S * 1000);
    });
  } finally {
    clearTimeout(budget);
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = Math.max(sampledPeak, memoryKb(server.pid, 'VmRSS'), peakReset ? memoryKb(server.pid, 'VmHWM') : 0);
  return { seconds, cutOff, total: total === undefined ? null : Number(total), rssBeforeMb: rssBefore / 1024, rssPeakMb: peak / 1024 };
}

/**
 * Reads the export back: a JSON array with one question (its outcome event) per line ('[' and ']' on
 * lines of their own or not), every element parsed, commas exactly between elements, every time
 * written with the offset of Europe/Paris (+01:00 or +02:00). Counts the lines by type to compare with
 * what was written.
 */
async function checkExport(file: string) {
  const counts = { events: 0, request: 0, response: 0, error: 0, oos: 0 };
  const problems: string[] = [];
  let opened = false;
  let closed = false;
  let commaPending = false;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    let text = line.trim();
    if (!opened) {
      if (!text.startsWith('[')) problems.push('the file does not start with [');
      opened = true;
      text = text.slice(1).trim();
    }
    if (closed && text) problems.push('text after the closing ]');
    // An event is an object, so a line ending in ']' closes the array.
    if (text.endsWith(']')) {
      text = text.slice(0, -1).trim();
      closed = true;
    }
    if (!text) continue;
    const hasComma = text.endsWith(',');
    if (hasComma) text = text.slice(0, -1);
    if (counts.events > 0 && !commaPending) problems.push(`no comma before event ${counts.events + 1}`);
    commaPending = hasComma;
    try {
      const event = JSON.parse(text) as { issued_at: string; data_type: keyof typeof counts; response_type: string | null };
      counts.events++;
      counts[event.data_type]++;
      if (event.response_type === 'oos') counts.oos++;
      if (!/[+]0[12]:00$/.test(event.issued_at)) problems.push(`issued_at not in ${EXPORT_TZ}: ${event.issued_at}`);
    } catch {
      problems.push(`line ${counts.events + 1} is not JSON`);
    }
    if (problems.length > 5) break;
  }
  if (commaPending) problems.push('a comma after the last event');
  if (!closed) problems.push('the array is not closed');
  return { counts, problems };
}

/* ---------------------------------------------------------------- one database */

async function benchOn(kind: 'pglite' | 'postgres', postgresUrl: string | null): Promise<Record<string, unknown>> {
  const pgDatabase = kind === 'postgres' ? await freshPostgresDatabase(postgresUrl!, BENCH_DATABASE) : null;
  const env = { DATABASE_URL: pgDatabase?.url ?? '' };
  let server = await startServer(env);
  const { dataDir } = server;
  try {
    let built: BuiltProject;
    try {
      built = await buildProject(server.baseUrl);
    } finally {
      await server.stop();
    }
    // The Real-Time Test's questions left two events each: the history brings the project to EVENTS.
    const realtimeEvents = built.samples.length * 2;
    const end = new Date();
    const generated = await generate(
      pgDatabase ? { databaseUrl: pgDatabase.url } : { pgliteDir: path.join(dataDir, 'db') },
      built,
      EVENTS - realtimeEvents,
      end,
    );
    const expected = expectedSummary(generated.tally, built);

    server = await startServer(env, { dataDir });
    const team = await Console.signIn(server.baseUrl);
    const project = `/project/${built.projectId}`;
    const production = built.deployments[0]!.key;
    // The console's date filter: from the start of the day 29 days ago to the end of today, in the browser's zone.
    const endOfToday = new Date(Date.parse(dayStart(end, -1, EXPORT_TZ)) - 1).toISOString();
    const range = `issued_at__gte=${dayStart(end, 29, EXPORT_TZ)}&issued_at__lte=${endOfToday}&tz=${EXPORT_TZ}`;

    // The machine is shared: its load while measuring says how far the figures can be trusted.
    const load = loadavg()[0]!;
    // The expected counts hold the Real-Time Test's questions, which the dashboard shows when asked.
    const summaryCounts = await team.call<Summary>('GET', `${project}/summary?include_realtime__eq=true`);
    const summary = {
      unfiltered: await timeCalls(team, () => `${project}/summary`),
      last_30_days_one_deployment: await timeCalls(team, () => `${project}/summary?${range}&deployment_key__eq=${production}`),
    };
    const conversations = generated.tally.sampleConversations;
    const lists = {
      query: await timeCalls(team, () => `${project}/query`),
      query_oos: await timeCalls(team, () => `${project}/query?response_type__eq=oos`),
      query_errors: await timeCalls(team, () => `${project}/query?data_type__eq=error`),
      conv: await timeCalls(team, () => `${project}/conv`),
      conv_oos: await timeCalls(team, () => `${project}/conv?response_type__eq=oos`),
      conv_detail: await timeCalls(team, (call) => `${project}/conv/${conversations[call % conversations.length]}`),
    };
    const rowCounted = {
      query_low_confidence_last_30_days: await timeCalls(team, () => `${project}/query?${range}&confidence__lte=0.5`),
      query_disliked_last_30_days: await timeCalls(team, () => `${project}/query?${range}&feedback__eq=down`),
      conv_disliked_last_30_days: await timeCalls(team, () => `${project}/conv?${range}&feedback__eq=down`),
    };

    const file = path.join(dataDir, 'export.json');
    const exported = await timeExport(server, team, built.projectId, file);
    const exportBytes = statSync(file).size;
    const checked = await checkExport(file);
    rmSync(file, { force: true });

    const eventsPerS = checked.counts.events / exported.seconds;
    const growthMb = exported.rssPeakMb - exported.rssBeforeMb;
    const summaryOk = Object.values(summary).every((timing) => timing.p95_ms <= TARGET.summaryMs);
    const listsOk = Object.values(lists).every((timing) => timing.p95_ms <= TARGET.listMs);
    const questions = expected.request_count;
    const exportWellFormed = checked.problems.length === 0 && checked.counts.events === questions && (exported.total === null || exported.total === questions);
    const countsAgree = Object.entries(expected).every(([name, value]) => summaryCounts[name as keyof Summary] === value);
    return {
      bench: 'analytics',
      database: kind,
      events: EVENTS,
      days: DAYS,
      conversations: generated.tally.conversations + built.samples.length,
      visitors: expected.user_count,
      generation: {
        events: generated.tally.events,
        seconds: round(generated.writeS),
        events_per_s: Math.round(generated.tally.events / generated.writeS),
        statements: generated.tally.statements,
        events_per_statement: BATCH_EVENTS,
        ...(kind === 'postgres' || ANALYZE_PGLITE ? { analyze_s: round(generated.vacuumS) } : { analyzed: false }),
      },
      load_average_1m: round(load, 2),
      calls_per_figure: CALLS,
      summary,
      target_summary_p95_ms: TARGET.summaryMs,
      summary_counts_match_generated: countsAgree,
      ...(countsAgree ? {} : { summary_counts: summaryCounts, generated_counts: expected }),
      lists,
      lists_counting_rows: rowCounted,
      target_list_p95_ms: TARGET.listMs,
      export: {
        tz: EXPORT_TZ,
        events: checked.counts.events,
        total_header: exported.total,
        mb: round(exportBytes / 1_048_576),
        seconds: round(exported.seconds, 2),
        events_per_s: Math.round(eventsPerS),
        rss_before_mb: round(exported.rssBeforeMb),
        rss_peak_mb: round(exported.rssPeakMb),
        rss_growth_mb: round(growthMb),
        well_formed: exportWellFormed,
        ...(exported.cutOff ? { cut_off_after_s: EXPORT_BUDGET_S } : {}),
        ...(checked.problems.length ? { problems: checked.problems } : {}),
        counts_by_type_match_generated:
          checked.counts.request === 0 && checked.counts.response === expected.response_count && checked.counts.error === expected.error_count && checked.counts.oos === expected.oos_count,
      },
      target_export_events_per_s: TARGET.exportEventsPerS,
      target_export_rss_growth_mb: TARGET.exportGrowthMb,
      within_target: summaryOk && listsOk && exportWellFormed && eventsPerS >= TARGET.exportEventsPerS && growthMb < TARGET.exportGrowthMb,
    };
  } finally {
    await server.stop();
    if (!process.env.BENCH_ANALYTICS_KEEP) {
      removeDataDir(server);
      await pgDatabase?.drop();
    }
  }
}

/** The dashboard's counts the project must show: the history written plus the Real-Time Test's questions. */
function expectedSummary(tally: HistoryTally, built: BuiltProject): Summary {
  const realtimeOos = built.samples.filter((sample) => sample.answer.response_type === 'oos').length;
  const asked = built.samples.length;
  return {
    user_count: new Set([...tally.visitors, built.adminVisitor]).size,
    event_count: tally.events + asked * 2,
    error_count: tally.errors,
    request_count: tally.requests + asked,
    response_count: tally.responses + asked,
    oos_count: tally.oos + realtimeOos,
    // The generated history holds no requests for a person; a Real-Time Test question may be one.
    handoff_count: built.samples.filter((sample) => sample.answer.response_type === 'handoff').length,
    conversation_count: tally.conversations + asked,
    conv_error_count: tally.conversationsWithError,
    conv_oos_count: tally.conversationsWithOos + realtimeOos,
    // Nothing is rated: the feedback table is empty.
    liked_count: 0,
    disliked_count: 0,
  };
}

const postgresUrl = await postgresServer();
const only = process.env.BENCH_ANALYTICS_DATABASES?.split(',');
for (const kind of ['pglite', 'postgres'] as const) {
  if (only && !only.includes(kind)) continue;
  if (kind === 'postgres' && !postgresUrl) {
    console.log(JSON.stringify({ bench: 'analytics', database: 'postgres', skipped: 'no PostgreSQL: set BENCH_DATABASE_URL or run one on 127.0.0.1:5432' }));
    continue;
  }
  console.log(JSON.stringify(await benchOn(kind, postgresUrl)));
}
