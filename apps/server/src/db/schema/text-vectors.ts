import { customType, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { moment } from './timestamps';
import { workspaces } from './workspace';

/** Raw bytes (bytea): the PostgreSQL driver hands back a Buffer, the embedded one a Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The sentence encoder's vector of each text a sync needed, so an unchanged text is never embedded
 * again by any server process. Keyed by the workspace (a text's vector, and whether it is stored,
 * never crosses workspaces: the sync answer counts the texts it reused), the encoder model (another
 * model's vectors are never mixed in) and the SHA-256 of the text; the vector is 512 float32s,
 * little-endian. Rows are only a cache: a missing one is embedded again.
 */
export const textVectors = pgTable(
  'text_vectors',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    model: text().notNull(),
    textHash: bytes().notNull(),
    vector: bytes().notNull(),
    createdAt: moment().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.model, table.textHash] })],
);
