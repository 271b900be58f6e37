// Replays of real traffic (issue: deploy with confidence), through the real server and its API.
// The 150-intent benchmark project (synthetic-project.ts, 100 utterances an item) is deployed twice,
// lexical and semantic (pipeline_config.understanding); each deployment is asked 1,000 distinct
// questions of its kind through the public chat API, a tenth of its items are then deactivated and
// the project synced again (version 2), and the deployment's traffic is replayed against version 2:
// - the seconds from starting the replay to its report: at most 10 s lexical and 25 s semantic, each
//   question embedded once for both versions (replay.test.ts checks the embedder's calls);
// - the chat API's p99 at 100 distinct new questions a second, open-loop, asked of the semantic
//   deployment, measured without and then with replays running (one after another, for the whole
//   run: the semantic project's traffic against version 2, its window closed before the load): with
//   them at most twice the p99 without (a replay must yield to live traffic). No errors in either.
import type { Job, Replay } from '@console/contracts';
import { Console } from './support/assistant-api';
import { openLoop, type OpenLoopResult } from './support/open-loop';
import { removeDataDir, startServer } from './support/server';
import { distinctQuestions, syntheticIntents } from './support/synthetic-project';

const ORIGIN = 'https://replay.example';
const QUESTIONS = 1000;
/** Questions asked at once while making the traffic. */
const CONCURRENCY = 8;
const RATE = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WARM_UP_S = 3;
const TARGET = { lexicalS: 10, semanticS: 25, p99Ratio: 2 };

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

const server = await startServer({ CHAT_MAX_QUERIES_PER_MINUTE: '100000000' });
const nextQuestion = distinctQuestions();
try {
  const team = await Console.signIn(server.baseUrl);
  const workspaceId = await team.workspace('Replay');

  /** A deployed project of the benchmark intents, asked QUESTIONS distinct questions, then changed and synced as version 2. */
  async function replayable(name: string, pipelineConfig: Record<string, unknown>) {
    const projectId = await team.importProject(workspaceId, name, syntheticIntents(150, 100), pipelineConfig);
    const deployment = await team.syncForOrigin(projectId, ORIGIN);
    await team.deploy(projectId, deployment.id);
    const questions = Array.from({ length: QUESTIONS }, () => nextQuestion());
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < questions.length) {
          const utterance = questions[next++]!;
          const response = await fetch(`${server.baseUrl}/api/v1/chat/${deployment.key}/query`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN },
            body: JSON.stringify({ utterance }),
          });
          if (!response.ok) throw new Error(`query failed: ${response.status} ${await response.text()}`);
        }
      }),
    );
    const items = await team.contents(projectId);
    for (const item of items.filter((_, i) => i % 10 === 0)) await team.call('PUT', `/content/${item.id}`, { status: 'inactive' });
    await team.call('POST', `/project/${projectId}/sync`);
    return { projectId, deployment, closedAt: new Date().toISOString() };
  }

  /** Starts a replay of the deployment's traffic up to `to` against the newest version; answers it once finished, with the seconds it took. */
  async function replay(target: Awaited<ReturnType<typeof replayable>>): Promise<{ replay: Replay; seconds: number }> {
    const started = performance.now();
    const created = await team.call<Replay>('POST', `/project/${target.projectId}/replay`, { deployment_id: target.deployment.id, to: target.closedAt });
    for (;;) {
      const job = await team.call<Job>('GET', `/project/${target.projectId}/job/${created.job!.id}`);
      if (job.status === 'succeeded') break;
      if (job.status !== 'queued' && job.status !== 'running') throw new Error(`the replay's job ${job.status}: ${job.error}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsed = performance.now() - started;
    return { replay: await team.call<Replay>('GET', `/project/${target.projectId}/replay/${created.id}`), seconds: seconds(elapsed) };
  }

  const lexical = await replayable('Replay lexical', { understanding: 'lexical' });
  const semantic = await replayable('Replay semantic', {});
  for (const [understanding, target, limit] of [
    ['lexical', lexical, TARGET.lexicalS],
    ['semantic', semantic, TARGET.semanticS],
  ] as const) {
    const { replay: report, seconds: taken } = await replay(target);
    console.log(
      JSON.stringify({
        bench: 'replay',
        understanding,
        questions: report.summary!.total,
        versions: 2,
        seconds: taken,
        groups: report.summary!.groups,
        moves: report.summary!.moves.length,
        target_s: limit,
        within_target: report.summary!.total === QUESTIONS && taken <= limit,
      }),
    );
  }

  /** The open-loop load on the semantic deployment: a warm-up, then the measured run. */
  async function load(): Promise<OpenLoopResult> {
    const run = (durationS: number) =>
      openLoop({
        url: `${server.baseUrl}/api/v1/chat/${semantic.deployment.key}/query`,
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        ratePerSecond: RATE,
        durationS,
        body: () => JSON.stringify({ utterance: nextQuestion() }),
        onResponse: () => undefined,
      });
    await run(WARM_UP_S);
    return run(DURATION_S);
  }

  const without = await load();
  let replaying = true;
  const during: number[] = [];
  const replays = (async () => {
    while (replaying) during.push((await replay(semantic)).seconds);
  })();
  const withReplays = await load();
  replaying = false;
  await replays;
  const ratio = withReplays.p99_ms / without.p99_ms;
  console.log(
    JSON.stringify({
      bench: 'replay',
      load: 'open-loop',
      rate_per_s: RATE,
      duration_s: DURATION_S,
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      without_replay: without,
      with_replay: withReplays,
      replays_during_load: during.length,
      replay_seconds_under_load: during,
      p99_ratio: Number(ratio.toFixed(2)),
      target_p99_ratio: TARGET.p99Ratio,
      within_target: ratio <= TARGET.p99Ratio && without.errors + withReplays.errors === 0,
    }),
  );
} finally {
  await server.stop();
  removeDataDir(server);
}
