import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

/**
 * A statement sent straight to the driver, on the paths where per-row work decides the speed: storing
 * each batch of events, streaming the export. A name makes the statement prepared on PostgreSQL (each
 * pooled connection parses and plans it once); only a statement whose text never changes may have one.
 */
export interface DriverStatement {
  name?: string;
  text: string;
}

// Every value as the text PostgreSQL sent: the callers select text columns and splice them as they are.
const asText = { getTypeParser: () => (value: string) => value };

/** Runs a statement; rows come back as arrays of text, one entry per selected column. */
export async function driverRows(db: Db, statement: DriverStatement, values: unknown[]): Promise<string[][]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<string[]>({ ...statement, values, rowMode: 'array', types: asText });
    return result.rows;
  }
  const result = await client.query<string[]>(statement.text, values, { rowMode: 'array' });
  return result.rows;
}
