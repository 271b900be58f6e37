// Importing a large project archive must not stop the server answering others: while a ~12 MB
// archive is imported, /healthz (no database) and the workspace's project list (an authenticated
// request that reads the database) are each asked every 10 ms and their slowest answers are
// reported, beside the import's own time. On the embedded database (one process holds it, one
// transaction at a time), where a blocked request thread or a long transaction blocks everyone. One
// JSON line.
import { archiveOf, Console } from './support/assistant-api';
import { removeDataDir, startServer } from './support/server';
import { syntheticIntents } from './support/synthetic-project';
import { percentile } from './support/percentile';

const TARGET_BYTES = 12 * 1024 * 1024;
const PROBE_INTERVAL_MS = 10;

/** Items of 100 utterances, as many as make the file about TARGET_BYTES. */
function bigArchive(): string {
  const sampleItems = 50;
  const sample = JSON.stringify(archiveOf('Big Import', syntheticIntents(sampleItems, 100))).length;
  return JSON.stringify(archiveOf('Big Import', syntheticIntents(Math.round((sampleItems * TARGET_BYTES) / sample), 100)));
}

/** The latencies of `ask`, repeated until `done`. */
async function probeWhile(done: () => boolean, ask: () => Promise<unknown>) {
  const latencies: number[] = [];
  while (!done()) {
    const started = performance.now();
    await ask();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  return latencies;
}

const summary = (name: string, latencies: number[]) => ({
  [`${name}_probes`]: latencies.length,
  [`${name}_median_ms`]: Math.round(percentile(latencies, 0.5)),
  [`${name}_max_ms`]: Math.round(percentile(latencies, 1)),
});

// Built before the server is asked anything: serialising it here must not delay the probes.
const file = bigArchive();
const server = await startServer();
try {
  const team = await Console.signIn(server.baseUrl);
  const workspaceId = await team.workspace('Import bench');
  let finished = false;
  const healthProbes = probeWhile(() => finished, async () => (await fetch(`${server.baseUrl}/healthz`)).arrayBuffer());
  const listProbes = probeWhile(() => finished, () => team.call('GET', `/workspace/${workspaceId}/project?limit=20`));
  const started = performance.now();
  const projectId = await team.importArchive(workspaceId, file).finally(() => (finished = true));
  const importMs = performance.now() - started;
  const contents = await team.call<{ total: number }>('GET', `/project/${projectId}/content?limit=1`);
  console.log(
    JSON.stringify({
      bench: 'archive-import',
      archive_bytes: file.length,
      contents: contents.total,
      import_ms: Math.round(importMs),
      ...summary('healthz', await healthProbes),
      ...summary('project_list', await listProbes),
    }),
  );
} finally {
  await server.stop();
  removeDataDir(server);
}
