// The inbox of failed questions (issue 28): grouping by meaning, and the inbox at scale.
// 1. Offline grouping: Banking77's 3,080 test questions, embedded by packages/encoder, grouped by the
//    server's grouping (apps/server/src/modules/insight/grouping) as its job feeds it: in batches of
//    200 and of 20 (the file's order shuffled with a fixed seed), each batch joining the clusters the
//    earlier ones made, which are then regrouped into topics, and all in one batch. Target, each way:
//    at most 154 topics, purity
//    against the true intents >= 0.60, adjusted Rand index >= 0.30. The lexical grouping (words
//    alone, as in a lexical project) is reported beside, without a target.
// 2. Through the chat API: the 3,080 questions asked (in the shuffled order, 8 at a time) of a
//    project that knows nothing about banking (so all are refused, or answered with low confidence),
//    grouped by the server in the background; once the inbox has nothing pending, each topic's
//    questions are read back through the topic API and scored as in part 1.
// 3. The inbox's first page with 100,000 failed questions in its window (and as many in the previous
//    one, for the trend) in 2,000 topics, written straight into the database while no server runs:
//    GET /project/{id}/insight cold (the server's first call) and warm, at most 2 s, on the embedded
//    database and, when one is reachable, on PostgreSQL.
// BENCH_INSIGHT_PARTS=1,3 runs some parts only.
import path from 'node:path';
import { loadEncoder } from '@console/encoder';
import type { Inbox, TopicDetail } from '@console/contracts';
import { openDatabase } from '../apps/server/src/db/client';
import { insightClusters, insightQuestions, insightTopics } from '../apps/server/src/db/schema/index';
import { groupQuestions, type QuestionToGroup } from '../apps/server/src/modules/insight/grouping/index';
import { groupBatch, NEW_TOPIC_PREFIX, type ClusterToRegroup } from '../apps/server/src/modules/insight/grouping/regroup';
import { ask, Console, type Intent } from './support/assistant-api';
import { readBanking, type Sample } from './support/datasets';
import { seeded } from './support/event-history';
import { percentile } from './support/percentile';
import { freshPostgresDatabase, postgresServer } from './support/postgres';
import { removeDataDir, startServer } from './support/server';
import { syntheticQuestions } from './support/synthetic-project';

const PARTS = new Set((process.env.BENCH_INSIGHT_PARTS ?? '1,2,3').split(',').map((part) => part.trim()));
const TARGET = { topics: 154, purity: 0.6, ari: 0.3, inboxS: 2 };
const BATCH = 200;
const SEED = 28;
const ORIGIN = 'https://bank.example';
const CONCURRENCY = 8;
/** Part 3: failed questions in the inbox's window, and in the window before it. */
const WINDOW_QUESTIONS = Number(process.env.BENCH_INSIGHT_QUESTIONS ?? 100_000);
const TOPICS = 2_000;
const CALLS = 20;
const BENCH_DATABASE = 'bench_insight';

const round = (value: number, digits = 4) => Number(value.toFixed(digits));
const seconds = (ms: number) => round(ms / 1000, 2);

/* ---------------------------------------------------------------- scores */

interface Scores {
  questions: number;
  topics: number;
  purity: number;
  ari: number;
}

/**
 * Purity (each topic counted as its most frequent intent) and the adjusted Rand index (pairs of
 * questions put together or apart as their intents are, corrected for chance) of the topics.
 */
function scores(topicOf: ReadonlyMap<string, string>, intentOf: ReadonlyMap<string, string>): Scores {
  const table = new Map<string, Map<string, number>>();
  for (const [question, topic] of topicOf) {
    const row = table.get(topic) ?? new Map<string, number>();
    const intent = intentOf.get(question)!;
    row.set(intent, (row.get(intent) ?? 0) + 1);
    table.set(topic, row);
  }
  const pairs = (count: number) => (count * (count - 1)) / 2;
  let pure = 0;
  let together = 0;
  let topicPairs = 0;
  const intents = new Map<string, number>();
  for (const row of table.values()) {
    let size = 0;
    for (const [intent, count] of row) {
      size += count;
      together += pairs(count);
      intents.set(intent, (intents.get(intent) ?? 0) + count);
    }
    pure += Math.max(...row.values());
    topicPairs += pairs(size);
  }
  let intentPairs = 0;
  for (const count of intents.values()) intentPairs += pairs(count);
  const expected = (topicPairs * intentPairs) / pairs(topicOf.size);
  const ari = (together - expected) / ((topicPairs + intentPairs) / 2 - expected);
  return { questions: topicOf.size, topics: table.size, purity: round(pure / topicOf.size), ari: round(ari) };
}

const withinTarget = (found: Scores) => found.topics <= TARGET.topics && found.purity >= TARGET.purity && found.ari >= TARGET.ari;

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = seeded(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/* ---------------------------------------------------------------- 1. offline */

/**
 * Groups the questions `batch` at a time as the grouping job does: each call gets the state and the
 * clusters (their centres through JSON, as jsonb keeps them) the earlier calls left, and the clusters
 * are then regrouped into topics, each keeping its id as the job keeps it.
 */
function groupInBatches(questions: readonly QuestionToGroup[], batch: number) {
  let state: Record<string, unknown> = {};
  // Kept in the order questions last joined them, as the job reads them.
  let clusters = new Map<string, ClusterToRegroup>();
  const clusterOf = new Map<string, string>();
  const times: number[] = [];
  let topics = 0;
  for (let start = 0; start < questions.length; start += batch) {
    const began = performance.now();
    const result = groupBatch(state, [...clusters.values()], questions.slice(start, start + batch));
    times.push(performance.now() - began);
    state = result.state;
    const created = new Map<string, string>();
    const topicOf = (cluster: string, topicId: string | null) => {
      const topic = result.topicOf.get(cluster);
      if (topic === undefined) return topicId;
      if (topic.startsWith(NEW_TOPIC_PREFIX) && !created.has(topic)) created.set(topic, `topic-${++topics}`);
      return created.get(topic) ?? topic;
    };
    const changed = new Map(result.changed.map((cluster) => [cluster.id, cluster]));
    const ids = new Map(result.created.map((cluster, i) => [cluster.key, `cluster-${clusters.size + i + 1}`]));
    const json = (centre: Record<string, unknown>) => JSON.parse(JSON.stringify(centre)) as Record<string, unknown>;
    clusters = new Map([
      ...[...clusters.values()].filter((cluster) => !changed.has(cluster.id)).map((cluster) => ({ ...cluster, topicId: topicOf(cluster.id, cluster.topicId) })),
      ...[...changed.values()].map((cluster) => ({ ...cluster, centre: json(cluster.centre), topicId: topicOf(cluster.id, clusters.get(cluster.id)!.topicId) })),
      ...result.created.map(({ key, ...cluster }) => ({ ...cluster, id: ids.get(key)!, centre: json(cluster.centre), topicId: topicOf(key, null) })),
    ].map((cluster) => [cluster.id, cluster]));
    for (const [question, cluster] of result.joined) clusterOf.set(question, ids.get(cluster) ?? cluster);
  }
  const topicOf = new Map([...clusterOf].map(([question, cluster]) => [question, clusters.get(cluster)!.topicId!]));
  const centreBytes = [...clusters.values()].map((cluster) => JSON.stringify(cluster.centre).length);
  return {
    topicOf,
    clusters: clusters.size,
    seconds: seconds(times.reduce((sum, time) => sum + time, 0)),
    slowest_call_s: seconds(Math.max(...times)),
    state_kb: round(JSON.stringify(state).length / 1024, 1),
    largest_centre_kb: round(Math.max(...centreBytes) / 1024, 1),
  };
}

async function offline(test: Sample[], intentOf: Map<string, string>) {
  const encoder = await loadEncoder();
  const began = performance.now();
  const vectors = await encoder.embed(test.map((sample) => sample.text));
  const embedS = seconds(performance.now() - began);
  for (const understanding of ['semantic', 'lexical'] as const) {
    const questions = test.map((sample, i) => ({ id: String(i), text: sample.text, vector: understanding === 'semantic' ? vectors[i]! : null }));
    for (const batch of [BATCH, 20, questions.length]) {
      const ordered = batch < questions.length ? shuffled(questions, SEED) : questions;
      const { topicOf, ...timing } = groupInBatches(ordered, batch);
      const found = scores(topicOf, intentOf);
      console.log(
        JSON.stringify({
          bench: 'insight',
          part: 'offline',
          dataset: 'banking77-test',
          understanding,
          batch: batch < questions.length ? `${batch}, shuffled (seed ${SEED})` : 'all at once, file order',
          ...found,
          ...timing,
          ...(understanding === 'semantic' ? { embed_s: embedS } : {}),
          target_topics_max: TARGET.topics,
          target_purity: TARGET.purity,
          target_ari: TARGET.ari,
          ...(understanding === 'semantic' ? { within_target: withinTarget(found) } : {}),
        }),
      );
    }
  }
}

/* ---------------------------------------------------------------- 2. through the chat API */

/** A botanical garden's assistant: nothing it knows is about banking. */
const GARDEN: Intent[] = [
  { name: 'Opening hours', utterances: ['When is the garden open?', 'What are your opening hours?', 'What time do you close today?', 'Are you open on Sundays?'] },
  { name: 'Tickets and prices', utterances: ['How much is a ticket?', 'What does entry cost for children?', 'Do you have a family ticket?', 'Can I buy tickets at the gate?'] },
  { name: 'Parking', utterances: ['Where can I park?', 'Is there a car park at the garden?', 'How much does parking cost?', 'Is parking free for visitors?'] },
  { name: 'Dogs', utterances: ['Can I bring my dog?', 'Are dogs allowed in the garden?', 'Do pets have to stay on a lead?', 'Is there water for dogs?'] },
  { name: 'Glasshouses', utterances: ['Where are the tropical plants?', 'When do the glasshouses open?', 'Can I see the orchids?', 'Is the palm house warm?'] },
  { name: 'Cafe', utterances: ['Is there a cafe in the garden?', 'Can we have a picnic on the lawn?', 'Does the cafe serve vegan food?', 'Where can we eat lunch?'] },
  { name: 'Guided tours', utterances: ['Do you run guided tours?', 'How do I book a tour of the garden?', 'Is there an audio guide?', 'Can a school class visit with a guide?'] },
  { name: 'Accessibility', utterances: ['Can I visit in a wheelchair?', 'Are the paths step-free?', 'Do you lend mobility scooters?', 'Is there an accessible toilet?'] },
];

async function throughTheApi(samples: Sample[], intentOf: Map<string, string>) {
  // Visitors ask in no order: not intent after intent as the file lists them.
  const test = shuffled(samples, SEED);
  const server = await startServer({ CHAT_MAX_QUERIES_PER_MINUTE: '100000000' });
  try {
    let team = await Console.signIn(server.baseUrl);
    let signedIn = performance.now();
    const workspaceId = await team.workspace('Insight');
    const projectId = await team.importProject(workspaceId, 'Botanical garden', GARDEN);
    const key = await team.syncAndDeploy(projectId, ORIGIN);

    const began = performance.now();
    let next = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < test.length) {
          const answer = await ask(server.baseUrl, key, ORIGIN, test[next++]!.text);
          if (answer.response_type === 'oos') refused += 1;
        }
      }),
    );
    const askedS = seconds(performance.now() - began);

    // The grouping runs in the background: wait until the inbox has taken every failed question and grouped it.
    const asked = performance.now();
    let inbox: Inbox;
    let previous = -1;
    for (;;) {
      // A session lasts less than a long wait.
      if (performance.now() - signedIn > 5 * 60_000) [team, signedIn] = [await Console.signIn(server.baseUrl), performance.now()];
      inbox = await team.call<Inbox>('GET', `/project/${projectId}/insight?limit=100`);
      if (inbox.pending === 0 && inbox.question_count >= refused && inbox.question_count === previous) break;
      previous = inbox.pending === 0 ? inbox.question_count : -1;
      if (performance.now() - asked > 15 * 60_000) throw new Error(`the inbox still had ${inbox.pending} pending questions after 15 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const groupedS = seconds(performance.now() - asked);

    const topicIds: string[] = [];
    for (let offset = 0; offset < inbox.total; offset += 100) {
      const page = offset === 0 ? inbox : await team.call<Inbox>('GET', `/project/${projectId}/insight?limit=100&offset=${offset}`);
      topicIds.push(...page.records.map((topic) => topic.id));
    }
    const topicOf = new Map<string, string>();
    for (const topicId of topicIds) {
      for (let offset = 0; ; offset += 500) {
        const detail = await team.call<TopicDetail>('GET', `/project/${projectId}/insight/topic/${topicId}?limit=500&offset=${offset}`);
        for (const question of detail.questions) topicOf.set(question.utterance, topicId);
        if (offset + 500 >= detail.total) break;
      }
    }
    // Questions find their intents by text: one the inbox shows with another text is left out of the scores.
    const found = scores(new Map([...topicOf].filter(([text]) => intentOf.has(text))), intentOf);
    console.log(
      JSON.stringify({
        bench: 'insight',
        part: 'chat-api',
        dataset: 'banking77-test',
        asked: test.length,
        refused,
        in_inbox: inbox.question_count,
        ...found,
        ask_s: askedS,
        grouped_after_last_question_s: groupedS,
        target_topics_max: TARGET.topics,
        target_purity: TARGET.purity,
        target_ari: TARGET.ari,
        within_target: withinTarget(found),
      }),
    );
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}

/* ---------------------------------------------------------------- 3. the inbox at scale */

/** Topic sizes falling off as visitors' questions do (a few large topics, a long tail), WINDOW_QUESTIONS in all. */
function topicSizes(): number[] {
  const weights = Array.from({ length: TOPICS }, (_, k) => 1 / (k + 20));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const sizes = weights.map((weight) => Math.max(1, Math.floor((weight / total) * WINDOW_QUESTIONS)));
  sizes[0]! += WINDOW_QUESTIONS - sizes.reduce((sum, size) => sum + size, 0);
  return sizes;
}

/**
 * TOPICS topics of one cluster each (their centres as the grouping writes them) and their
 * failed questions over the window (the last 7 days) and the one before, written as the grouping job
 * leaves them: each question in its topic, a visitor asking one to three of them per conversation.
 */
async function writeFailures(target: { databaseUrl?: string; pgliteDir?: string }, projectId: string, deploymentIds: string[]) {
  const database = await openDatabase(target);
  const began = performance.now();
  try {
    const texts = syntheticQuestions(TOPICS * 4, 31);
    const next = seeded(SEED);
    // Each cluster's centre as the grouping writes it, from a question of its own.
    const created = Array.from({ length: TOPICS }, (_, i) => {
      const vector = Float32Array.from({ length: 512 }, () => next() - 0.5);
      const norm = Math.hypot(...vector);
      return groupQuestions({}, [], [{ id: String(i), text: texts[i * 4]!, vector: vector.map((value) => value / norm) }]).created[0]!;
    });
    const now = new Date();
    const sizes = topicSizes();
    const topics = created.map((cluster, i) => ({ id: crypto.randomUUID(), projectId, label: cluster.label, size: sizes[i]! * 2, createdAt: now, updatedAt: now }));
    for (let start = 0; start < topics.length; start += 500) await database.db.insert(insightTopics).values(topics.slice(start, start + 500));
    // Each topic of one cluster, with the topic's id.
    const clusters = created.map((cluster, i) => ({ ...topics[i]!, topicId: topics[i]!.id, centre: cluster.centre }));
    for (let start = 0; start < clusters.length; start += 500) await database.db.insert(insightClusters).values(clusters.slice(start, start + 500));
    const day = 86_400_000;
    let convId = crypto.randomUUID();
    let rows: (typeof insightQuestions.$inferInsert)[] = [];
    const flush = async () => {
      if (rows.length) await database.db.insert(insightQuestions).values(rows);
      rows = [];
    };
    // Weeks ago: 0 is the window (the last 7 days), 1 the week before.
    for (const weeksAgo of [0, 1]) {
      for (let t = 0; t < topics.length; t++) {
        for (let q = 0; q < sizes[t]!; q++) {
          if (next() < 0.5) convId = crypto.randomUUID();
          const refused = next() < 0.7;
          rows.push({
            answerId: crypto.randomUUID(),
            projectId,
            deploymentId: deploymentIds[next() < 0.8 ? 0 : 1]!,
            convId,
            askedAt: new Date(now.getTime() - (weeksAgo + 0.01 + next() * 0.98) * 7 * day),
            utterance: texts[(t * 4 + (q % 4)) % texts.length]!,
            failure: refused ? 'oos' : 'low_confidence',
            confidence: refused ? null : round(next() * 0.45, 3),
            refusal: refused ? 'Closer to the out-of-scope examples than to any item' : null,
            clusterId: topics[t]!.id,
            topicId: topics[t]!.id,
          });
          if (rows.length === 2_000) await flush();
        }
      }
    }
    await flush();
    if (database.kind === 'postgres') {
      const client = (database.db as unknown as { $client: { query: (text: string) => Promise<unknown> } }).$client;
      // As autovacuum does soon after such growth on a live server.
      await client.query('VACUUM (ANALYZE) insight_questions, insight_topics, insight_clusters');
    }
  } finally {
    await database.close();
  }
  return seconds(performance.now() - began);
}

async function inboxAtScale(kind: 'pglite' | 'postgres', postgresUrl: string | null) {
  const pgDatabase = kind === 'postgres' ? await freshPostgresDatabase(postgresUrl!, BENCH_DATABASE) : null;
  const env = { DATABASE_URL: pgDatabase?.url ?? '' };
  let server = await startServer(env);
  const { dataDir } = server;
  try {
    let projectId: string;
    let deploymentIds: string[];
    try {
      const team = await Console.signIn(server.baseUrl);
      projectId = await team.importProject(await team.workspace('Insight'), 'Botanical garden', GARDEN);
      await team.syncAndDeploy(projectId, ORIGIN);
      const { records } = await team.call<{ records: { id: string }[] }>('GET', `/project/${projectId}/deployment`);
      deploymentIds = records.map((record) => record.id);
    } finally {
      await server.stop();
    }
    const writeS = await writeFailures(pgDatabase ? { databaseUrl: pgDatabase.url } : { pgliteDir: path.join(dataDir, 'db') }, projectId, deploymentIds);

    server = await startServer(env, { dataDir });
    const team = await Console.signIn(server.baseUrl);
    const time = async () => {
      const began = performance.now();
      const inbox = await team.call<Inbox>('GET', `/project/${projectId}/insight`);
      return { ms: performance.now() - began, inbox };
    };
    const cold = await time();
    const warm: number[] = [];
    for (let call = 0; call < CALLS; call++) warm.push((await time()).ms);
    const warmP95 = percentile(warm, 0.95);
    console.log(
      JSON.stringify({
        bench: 'insight',
        part: 'inbox',
        database: kind,
        failed_questions_in_window: cold.inbox.question_count,
        topics: cold.inbox.total,
        written_s: writeS,
        cold_ms: round(cold.ms, 1),
        warm_median_ms: round(percentile(warm, 0.5), 1),
        warm_p95_ms: round(warmP95, 1),
        target_s: TARGET.inboxS,
        within_target: cold.inbox.question_count === WINDOW_QUESTIONS && cold.ms <= TARGET.inboxS * 1000 && warmP95 <= TARGET.inboxS * 1000,
      }),
    );
  } finally {
    await server.stop();
    removeDataDir(server);
    await pgDatabase?.drop();
  }
}

/* ---------------------------------------------------------------- run */

const test = readBanking('test.csv');
const intentOf = new Map(test.map((sample, i) => [String(i), sample.label]));
if (PARTS.has('1')) await offline(test, intentOf);
if (PARTS.has('2')) await throughTheApi(test, new Map(test.map((sample) => [sample.text, sample.label])));
if (PARTS.has('3')) {
  await inboxAtScale('pglite', null);
  const postgresUrl = await postgresServer();
  if (postgresUrl) await inboxAtScale('postgres', postgresUrl);
  else console.log(JSON.stringify({ bench: 'insight', part: 'inbox', database: 'postgres', skipped: 'no PostgreSQL server reachable' }));
}
