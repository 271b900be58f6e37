import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { roles } from '@console/contracts';
import { timestamps } from './timestamps';
import { users } from './user';

export const workspaceStatuses = ['draft', 'active', 'blocked'] as const;

export const workspaces = pgTable('workspaces', {
  id: uuid().primaryKey().defaultRandom(),
  displayName: text().notNull(),
  description: text().notNull().default(''),
  status: text({ enum: workspaceStatuses }).notNull().default('draft'),
  ...timestamps,
});

export const workspaceMemberships = pgTable(
  'workspace_memberships',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: roles }).notNull().default('viewer'),
    ...timestamps,
  },
  (table) => [
    unique('workspace_memberships_pair_unique').on(table.workspaceId, table.userId),
    index('workspace_memberships_user_idx').on(table.userId),
  ],
);
