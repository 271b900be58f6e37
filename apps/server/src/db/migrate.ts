import type { Database } from './client';

/**
 * Brings the schema up to date; migrations are idempotent, so this runs at every start. On PostgreSQL
 * the processes sharing a server apply them one at a time (./client.ts).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
}
