import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

/** A transaction that reads one state of the database: no write can land between two of its reads. */
export const consistentRead = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Both engines speak the same PostgreSQL dialect, so services see one database type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Applies the committed migrations (drizzle/). */
  migrate: () => Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

interface OpenDatabaseOptions {
  /** PostgreSQL server; when unset the embedded engine is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; unset means in memory (tests). */
  pgliteDir?: string | undefined;
  /** Told when the server closes an idle pooled connection (restart, failover, an administrator). */
  onIdleConnectionError?: (error: Error) => void;
}

/**
 * bytea in and out as hex through Buffer: PGlite's own conversion goes byte by byte, 3.5 s to read
 * the 30 MB of a 15,000-text project's sentence vectors, all of it on the request thread.
 */
const pgliteOptions: PGliteOptions = {
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
  serializers: { [types.BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}` },
};

/**
 * The embedded database in a directory. A new directory is opened twice: PGlite keeps the memory of
 * the run that creates the database (about 450 MB) for as long as that instance lives, so the server
 * of a fresh install would hold it for good; closed and opened again, the instance holds ~210 MB.
 */
async function openDataDir(dir: string): Promise<PGlite> {
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  if (fresh) await (await PGlite.create(dir, pgliteOptions)).close();
  return PGlite.create(dir, pgliteOptions);
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // The pool drops such a connection and opens another on next use; unheard, the error would end the process.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      migrate: async () => {
        const { migrate } = await import('drizzle-orm/node-postgres/migrator');
        // Processes started together on one server would each apply the same migration (and all but
        // one fail on the catalog's unique keys): they take turns under a session advisory lock, held
        // by the connection that migrates, and the later ones find nothing left to apply.
        const connection = await pool.connect();
        try {
          await connection.query(`SELECT pg_advisory_lock(hashtext('console:migrations'))`);
          try {
            await migrate(drizzlePg({ client: connection, casing: 'snake_case' }), { migrationsFolder });
          } finally {
            await connection.query(`SELECT pg_advisory_unlock(hashtext('console:migrations'))`);
          }
        } catch (error) {
          // A connection that failed is closed rather than pooled: closing also frees a lock it may still hold.
          connection.release(error instanceof Error ? error : true);
          throw error;
        }
        connection.release();
      },
    };
  }
  const client = options.pgliteDir ? await openDataDir(options.pgliteDir) : await PGlite.create(pgliteOptions);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder });
    },
  };
}
