import { connect } from 'node:net';
import pg from 'pg';

/** A PostgreSQL server for the benches that measure both databases, and databases of their own on it. */

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** PostgreSQL when BENCH_DATABASE_URL names one, or when one answers on the usual port (as CI decides for the API tests). */
export async function postgresServer(): Promise<string | null> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    const answer = (value: boolean) => {
      socket.destroy();
      resolve(value);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
  return reachable ? DEFAULT_POSTGRES : null;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of our own on that server, empty (a previous run's leftovers dropped), so nothing else is touched. */
export async function freshPostgresDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
