import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The real server for a benchmark: `apps/server/src/main.ts` in its own process, on a free port,
 * with a fresh embedded database (or DATABASE_URL's PostgreSQL), as `npm start` runs it.
 */

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'Bench#Mark2026' };

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server's own process (node running main.ts), for reading its memory from /proc. */
  pid: number;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Reuse a data directory (a database generated while no server ran); by default a fresh one. */
  dataDir?: string;
  /** Hears every line the server writes (its log); unset, the log is not read and errors go to this process's stderr. */
  output?: (line: string) => void;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'console-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, [...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: options.output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_CALLS_PER_ADDRESS: '1000',
      ...env,
    },
  });
  const { output } = options;
  if (output) for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', output);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${baseUrl}/healthz`).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('the server did not start within a minute');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function removeDataDir(server: RunningServer): void {
  rmSync(server.dataDir, { recursive: true, force: true });
}
