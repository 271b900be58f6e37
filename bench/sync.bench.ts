// Sync of a large semantic project through the API on the real server: a cold sync of 15,000 new
// utterances (every text embedded), a re-sync of unchanged content (every vector read back), and a
// sync of a copy with 1% of the utterances changed (only those embedded), then the server's memory
// with the encoder loaded in the answering worker. Targets (issue 17): cold <= 60 s, 1% <= 5 s,
// RSS <= 800 MB.
import { readFileSync } from 'node:fs';
import type { SyncAnswer } from '@console/contracts';
import { ask, Console, type Intent } from './support/assistant-api';
import { removeDataDir, startServer } from './support/server';
import { syntheticIntents } from './support/synthetic-project';

const ORIGIN = 'https://bench.example';

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!;
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

const server = await startServer();
try {
  const api = await Console.signIn(server.baseUrl);
  const workspace = await api.workspace('Sync bench');
  const intents = syntheticIntents(150, 100);
  const timedSync = async (projectId: string) => {
    const started = performance.now();
    const answer = await api.call<SyncAnswer>('POST', `/project/${projectId}/sync`);
    return { seconds: Number(((performance.now() - started) / 1000).toFixed(2)), embedded: answer.stats.embedded, reused: answer.stats.reused };
  };

  const project = await api.importProject(workspace, 'Cold', intents);
  const cold = await timedSync(project);
  const peakAfterSync = rssMb(server.pid);
  const unchanged = await timedSync(project);
  // Every hundredth utterance reworded: a copy in the same workspace finds the others' vectors stored.
  let changed = 0;
  const edited: Intent[] = intents.map((intent) => ({
    name: intent.name,
    utterances: intent.utterances.map((text) => (changed++ % 100 === 0 ? `${text} (reworded ${changed})` : text)),
  }));
  const onePercent = await timedSync(await api.importProject(workspace, 'One percent', edited));

  const key = await api.syncAndDeploy(project, ORIGIN);
  await ask(server.baseUrl, key, ORIGIN, 'how do I cancel my subscription');
  const answering = rssMb(server.pid);
  console.log(
    JSON.stringify({
      bench: 'sync',
      utterances: intents.reduce((sum, intent) => sum + intent.utterances.length, 0),
      cold,
      unchanged,
      one_percent: onePercent,
      rss_mb_after_cold_sync: peakAfterSync,
      rss_mb_answering: answering,
      targets: { cold_seconds: 60, one_percent_seconds: 5, rss_mb: 800 },
    }),
  );
} finally {
  await server.stop();
  removeDataDir(server);
}
