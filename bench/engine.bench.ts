// The engine (packages/engine), with and without the sentence encoder (issue: semantic understanding).
// - Lexical-only understanding, the engine alone: p99 of `answer` on a 150-intent x 100-utterance
//   project at most 1 ms, and the compile of its 15,000 utterances at most 3 s.
// - Semantic understanding: p99 of one question's answer at most 15 ms, the question's embedding
//   included (packages/encoder, one question at a time, as a quiet server answers), on a real trained
//   project: Banking77's 77 intents with its 10,003 training sentences, asked its test sentences and
//   our off-topic questions.
// - A full sync of the 15,000-utterance project through the server's sync route, where the texts are
//   embedded: at most 60 s cold (a fresh server and data directory: no vector stored yet), and at most
//   5 s once 1% of the utterances changed (one of each item's, through the content API).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { loadEncoder } from '@console/encoder';
import { answer, compile, questionTexts, textsToEmbed } from '@console/engine';
import { Console, snapshotOf } from './support/assistant-api';
import { compileInWorker } from './support/compile-in-worker';
import { intentsOf, readBanking } from './support/datasets';
import { percentile } from './support/percentile';
import { residentMemory } from './support/resident-memory';
import { removeDataDir, startServer } from './support/server';
import { syntheticIntents, syntheticProject, syntheticQuestions } from './support/synthetic-project';

const COMPILE_RUNS = 3;
const QUESTIONS = 20_000;
/** Semantic questions timed, after SEMANTIC_WARM_UP untimed: each costs a run of the model. */
const SEMANTIC_QUESTIONS = 1_000;
const SEMANTIC_WARM_UP = 100;
/** The share of the utterances changed before the second sync. */
const CHANGED_SHARE = 0.01;

const ms = (value: number) => Number(value.toFixed(4));

{
  const snapshot = syntheticProject(150, 100, { understanding: 'lexical' });
  // Answering is timed on an index compiled in a worker, as the server builds it: the compile's garbage
  // stays out of the answering heap.
  const index = await compileInWorker(snapshot);

  const questions = syntheticQuestions(QUESTIONS);
  // Warm up the JIT before measuring, as a running server would be.
  for (const question of questions.slice(0, 2000)) answer(index, null, { utterance: question });
  const times = questions.map((question) => {
    const started = performance.now();
    answer(index, null, { utterance: question });
    return performance.now() - started;
  });

  const compileTimes: number[] = [];
  for (let run = 0; run < COMPILE_RUNS; run++) {
    const started = performance.now();
    compile(snapshot);
    compileTimes.push(performance.now() - started);
  }
  const compileMs = percentile(compileTimes, 0.5);

  console.log(
    JSON.stringify({
      bench: 'engine-compile',
      understanding: 'lexical',
      utterances: snapshot.contents.reduce((sum, item) => sum + item.utterances.length, 0),
      intents: snapshot.contents.length,
      runs: COMPILE_RUNS,
      median_ms: Math.round(compileMs),
      min_ms: Math.round(Math.min(...compileTimes)),
      target_ms: 3000,
      within_target: compileMs <= 3000,
    }),
  );
  console.log(
    JSON.stringify({
      bench: 'engine-answer',
      understanding: 'lexical',
      questions: QUESTIONS,
      p50_ms: ms(percentile(times, 0.5)),
      p99_ms: ms(percentile(times, 0.99)),
      max_ms: ms(percentile(times, 1)),
      target_p99_ms: 1,
      within_target: percentile(times, 0.99) <= 1,
    }),
  );
}

{
  const encoder = await loadEncoder();
  const snapshot = snapshotOf(intentsOf(readBanking('train.csv')));
  const texts = textsToEmbed(snapshot);
  let started = performance.now();
  const embedded = await encoder.embed(texts);
  const embedS = (performance.now() - started) / 1000;
  started = performance.now();
  const index = await compileInWorker(snapshot, new Map(texts.map((text, i) => [text, embedded[i]!])));
  const compileS = (performance.now() - started) / 1000;

  // Test sentences of every intent (the file lists them intent by intent) and the off-topic questions;
  // other test sentences warm the model and the JIT up, untimed.
  const test = readBanking('test.csv').map((sample) => sample.text);
  const offTopic = readFileSync(path.join(import.meta.dirname, 'questions/off-topic.txt'), 'utf8').trim().split('\n');
  const step = Math.floor(test.length / SEMANTIC_QUESTIONS);
  const timed = [...test.filter((_, i) => i % step === 0).slice(0, SEMANTIC_QUESTIONS - offTopic.length), ...offTopic];
  const warmUp = test.filter((_, i) => i % step === 1).slice(0, SEMANTIC_WARM_UP);

  /** One question answered as the server does: its texts embedded, then the engine. Answers the two times (ms). */
  async function timedAnswer(utterance: string): Promise<{ embed: number; answer: number }> {
    const started = performance.now();
    const needed = questionTexts(index, null, utterance);
    const vectors = await encoder.embed(needed);
    const embeddedAt = performance.now();
    answer(index, null, { utterance, vectors: new Map(needed.map((text, i) => [text, vectors[i]!])) });
    return { embed: embeddedAt - started, answer: performance.now() - embeddedAt };
  }
  for (const question of warmUp) await timedAnswer(question);
  const times: { embed: number; answer: number }[] = [];
  for (const question of timed) times.push(await timedAnswer(question));
  // The machine is shared: its load over the last minute (this process's own part about 1) says how far the times can be trusted.
  const load = loadavg()[0]!;
  const total = times.map((time) => time.embed + time.answer);

  console.log(
    JSON.stringify({
      bench: 'engine-answer',
      understanding: 'semantic',
      project: 'banking77',
      intents: snapshot.contents.length,
      utterances: snapshot.contents.reduce((sum, item) => sum + item.utterances.length, 0),
      texts_embedded: texts.length,
      embed_s: Number(embedS.toFixed(1)),
      compile_s: Number(compileS.toFixed(1)),
      questions: timed.length,
      p50_ms: ms(percentile(total, 0.5)),
      p99_ms: ms(percentile(total, 0.99)),
      max_ms: ms(percentile(total, 1)),
      embed_p50_ms: ms(percentile(times.map((time) => time.embed), 0.5)),
      embed_p99_ms: ms(percentile(times.map((time) => time.embed), 0.99)),
      answer_p50_ms: ms(percentile(times.map((time) => time.answer), 0.5)),
      answer_p99_ms: ms(percentile(times.map((time) => time.answer), 0.99)),
      load_average_1m: Number(load.toFixed(2)),
      target_p99_ms: 15,
      within_target: percentile(total, 0.99) <= 15,
    }),
  );
}

{
  const server = await startServer();
  try {
    const team = await Console.signIn(server.baseUrl);
    const workspaceId = await team.workspace('Sync');
    const intents = syntheticIntents(150, 100);
    const utterances = intents.reduce((sum, intent) => sum + intent.utterances.length, 0);
    const projectId = await team.importProject(workspaceId, 'Sync', intents);
    /** A sync's seconds, and what its answer counts (the texts it embedded and those it found stored). */
    const timedSync = async () => {
      const started = performance.now();
      const { stats } = await team.call<{ stats: Record<string, number> }>('POST', `/project/${projectId}/sync`);
      return { seconds: (performance.now() - started) / 1000, stats };
    };
    const cold = await timedSync();

    // The same share of every item's utterances changes, through the content API as an editor would.
    const perItem = Math.round((utterances * CHANGED_SHARE) / intents.length);
    let changed = 0;
    for (const item of await team.contents(projectId)) {
      const { records } = await team.call<{ records: { id: string; text: string }[] }>('GET', `/content/${item.id}/utterance?limit=${perItem}`);
      for (const utterance of records) {
        // No synthetic utterance ends with 'again': the changed one stays unique in its item.
        await team.call('PUT', `/content-utterance/${utterance.id}`, { text: `${utterance.text} again` });
        changed++;
      }
    }
    const afterChange = await timedSync();

    console.log(
      JSON.stringify({
        bench: 'engine-sync',
        understanding: 'semantic',
        intents: intents.length,
        utterances,
        cold_s: Number(cold.seconds.toFixed(2)),
        cold_stats: cold.stats,
        target_cold_s: 60,
        changed_utterances: changed,
        changed_s: Number(afterChange.seconds.toFixed(2)),
        changed_stats: afterChange.stats,
        target_changed_s: 5,
        server_rss_highest_mb: residentMemory(server.pid)?.peak_mb ?? null,
        within_target: cold.seconds <= 60 && afterChange.seconds <= 5,
      }),
    );
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}
