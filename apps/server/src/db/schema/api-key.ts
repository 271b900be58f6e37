import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { apiKeyResourceTypes, apiKeyScopes, apiKeyStatuses } from '@console/contracts';
import { moment, timestamps } from './timestamps';
import { users } from './user';
import { workspaces } from './workspace';

/**
 * Workspace API keys. The key itself is shown once on creation and never stored: only its SHA-256
 * (256 random bits need no slow hash) and its last characters as a hint.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    description: text().notNull().default(''),
    status: text({ enum: apiKeyStatuses }).notNull().default('active'),
    keyHash: text().notNull().unique(),
    hint: text().notNull(),
    scopes: text({ enum: apiKeyScopes }).array().notNull(),
    resourceType: text({ enum: apiKeyResourceTypes }).notNull(),
    // A deployment of this workspace, checked on creation. Not a foreign key (resource_type may name
    // other kinds later); a key whose deployment is gone grants nothing, because nothing is there.
    resourceId: uuid().notNull(),
    expiresAt: moment(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('api_keys_workspace_idx').on(table.workspaceId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
