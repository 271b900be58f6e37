import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createPostgresDatabase, onCleanup } from './helper';

const serverUrl = process.env.TEST_DATABASE_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!serverUrl)('migrations on a shared PostgreSQL (run with TEST_DATABASE_URL)', () => {
  it('lets server processes started together on an empty database each bring it up to date', async () => {
    const url = await createPostgresDatabase(serverUrl!);
    const starting = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
    for (const database of starting) onCleanup(() => database.close());

    await Promise.all(starting.map((database) => migrateDatabase(database)));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    onCleanup(() => client.end());
    const applied = await client.query<{ applied: string }>('SELECT count(*) AS applied FROM drizzle.__drizzle_migrations');
    const journal = await import('../drizzle/meta/_journal.json', { with: { type: 'json' } });
    expect(Number(applied.rows[0]!.applied)).toBe(journal.default.entries.length);
    const users = await client.query<{ users: string }>('SELECT count(*) AS users FROM users');
    expect(Number(users.rows[0]!.users)).toBe(0);
  });
});
