import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { roles } from '@console/contracts';
import { moment, timestamps } from './timestamps';
import { users } from './users';
import { workspaces } from './workspaces';

export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    description: text().notNull().default(''),
    syncedAt: moment(),
    ...timestamps,
  },
  (table) => [index('projects_workspace_idx').on(table.workspaceId)],
);

export const projectMemberships = pgTable(
  'project_memberships',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: roles }).notNull().default('viewer'),
    ...timestamps,
  },
  (table) => [
    unique('project_memberships_pair_unique').on(table.projectId, table.userId),
    index('project_memberships_user_idx').on(table.userId),
  ],
);

export const deployments = pgTable(
  'deployments',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    // Public identifier used by the chat widget's URL; not a secret.
    key: text().notNull().unique(),
    deployedAt: moment(),
    ...timestamps,
  },
  (table) => [index('deployments_project_idx').on(table.projectId)],
);
