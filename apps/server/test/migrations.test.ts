import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { users } from '../src/db/schema/index';
import { bootstrapSuperUser } from '../src/modules/user/service';
import { createPostgresDatabase, onCleanup } from './helper';

const serverUrl = process.env.TEST_DATABASE_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!serverUrl)('start-up of processes on a shared PostgreSQL (run with TEST_DATABASE_URL)', () => {
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

  it('creates the first super user once when processes start together, and none of them fails', async () => {
    const database = await openDatabase({ databaseUrl: await createPostgresDatabase(serverUrl!) });
    onCleanup(() => database.close());
    await migrateDatabase(database);
    const ctx = { db: database.db, now: () => new Date() };
    const admin = { email: 'root@example.com', password: 'Correct-Horse-7' };

    const started = await Promise.all([1, 2, 3].map(() => bootstrapSuperUser(ctx, admin)));

    expect(started.filter((result) => result.created)).toHaveLength(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });
});
