import type { Database } from './client';

/** Brings the schema up to date; migrations are idempotent, so this runs at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
}
