// Importing a large project archive must not stop the server answering others: while a ~12 MB
// archive is imported, /healthz is asked every 10 ms and the slowest answer is reported, beside the
// import's own time. On the embedded database (one process holds it), where a blocked request thread
// blocks everyone. One JSON line.
import { archiveOf, Console } from './support/assistant-api';
import { removeDataDir, startServer } from './support/server';
import { syntheticIntents } from './support/synthetic-project';

const TARGET_BYTES = 12 * 1024 * 1024;
const PROBE_INTERVAL_MS = 10;

/** Items of 100 utterances, as many as make the file about TARGET_BYTES. */
function bigArchive(): string {
  const sampleItems = 50;
  const sample = JSON.stringify(archiveOf('Big Import', syntheticIntents(sampleItems, 100))).length;
  return JSON.stringify(archiveOf('Big Import', syntheticIntents(Math.round((sampleItems * TARGET_BYTES) / sample), 100)));
}

async function probeWhile(done: () => boolean, baseUrl: string) {
  const latencies: number[] = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/healthz`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  return latencies;
}

// Built before the server is asked anything: serialising it here must not delay the probes.
const file = bigArchive();
const server = await startServer();
try {
  const team = await Console.signIn(server.baseUrl);
  const workspaceId = await team.workspace('Import bench');
  let finished = false;
  const probes = probeWhile(() => finished, server.baseUrl);
  const started = performance.now();
  const projectId = await team.importArchive(workspaceId, file).finally(() => (finished = true));
  const importMs = performance.now() - started;
  const latencies = (await probes).sort((a, b) => a - b);
  const contents = await team.call<{ total: number }>('GET', `/project/${projectId}/content?limit=1`);
  console.log(
    JSON.stringify({
      bench: 'archive-import',
      archive_bytes: file.length,
      contents: contents.total,
      import_ms: Math.round(importMs),
      healthz_probes: latencies.length,
      healthz_median_ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
      healthz_max_ms: Math.round(latencies.at(-1) ?? 0),
    }),
  );
} finally {
  await server.stop();
  removeDataDir(server);
}
