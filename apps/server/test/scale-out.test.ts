import { describe, expect, it } from 'vitest';
import { removeDataDir, startServer, type RunningServer } from '../../../bench/support/server';
import { createPostgresDatabase, onCleanup } from './helper';

/**
 * Server processes as an operator runs them behind a load balancer: `main.ts` in processes of their
 * own, on one PostgreSQL (a fresh database per file).
 */

const serverUrl = process.env.TEST_DATABASE_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

/** Waits for a condition another process makes true (a log line, a deploy seen), up to `seconds`. */
async function eventually<T>(seconds: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startProcess(env: Record<string, string>, output?: (line: string) => void): Promise<RunningServer> {
  const server = await startServer(env, output ? { output } : {});
  onCleanup(() => removeDataDir(server));
  onCleanup(() => server.stop());
  return server;
}

describe.skipIf(!serverUrl)('server processes on one PostgreSQL (run with TEST_DATABASE_URL)', () => {
  it('says at start-up that a process on PostgreSQL without JWT_SECRET issues tokens no other process accepts', async () => {
    const databaseUrl = await createPostgresDatabase(serverUrl!);
    const lines: string[] = [];
    await startProcess({ DATABASE_URL: databaseUrl, JWT_SECRET: '' }, (line) => lines.push(line));
    const warning = await eventually(5, () => lines.find((line) => line.includes('JWT_SECRET is not set')));
    expect(JSON.parse(warning)).toMatchObject({ level: 40, msg: expect.stringContaining('Give every process the same JWT_SECRET') });
  });
});
