import { isNotNull, isNull } from 'drizzle-orm';
import { boolean, integer, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  DEFAULT_HANDOFF_MESSAGE,
  DEFAULT_OUT_OF_SCOPE_RESPONSE,
  DEFAULT_RESPONSE_WORD_CUTOFF,
  DEFAULT_PRIVACY_SETTINGS,
  EMPTY_JARGON,
  roles,
  type Jargon,
  type RedactionKind,
} from '@console/contracts';
import { moment, timestamps } from './timestamps';
import { users } from './user';
import { workspaces } from './workspace';

export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    displayName: text().notNull(),
    description: text().notNull().default(''),
    responseWordCutoff: integer().notNull().default(DEFAULT_RESPONSE_WORD_CUTOFF),
    outOfScopeResponse: text().notNull().default(DEFAULT_OUT_OF_SCOPE_RESPONSE),
    handoffMessage: text().notNull().default(DEFAULT_HANDOFF_MESSAGE),
    // Settings of the answer pipeline (model endpoint, thresholds), read by the assistant.
    pipelineConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    jargon: jsonb().$type<Jargon>().notNull().default(EMPTY_JARGON),
    // Personal data replaced by markers in what is stored (modules/privacy), and how long conversations are kept (null: forever).
    redactionEnabled: boolean().notNull().default(DEFAULT_PRIVACY_SETTINGS.redaction_enabled),
    redactionKinds: text().array().$type<RedactionKind[]>().notNull().default(DEFAULT_PRIVACY_SETTINGS.redaction_kinds),
    retentionDays: integer().default(DEFAULT_PRIVACY_SETTINGS.retention_days!),
    syncedAt: moment(),
    // Set while an archive import (or a clone) writes the project in many short transactions, so
    // the server keeps answering meanwhile; cleared by the import's last one. A marked project is
    // not there for anyone (lists, reads, sessions, keys): nobody sees it half written.
    importingSince: moment(),
    ...timestamps,
  },
  (table) => [
    index('projects_workspace_idx').on(table.workspaceId),
    // Only the few marked rows: the sweep of abandoned imports reads it.
    index('projects_importing_idx').on(table.importingSince).where(isNotNull(table.importingSince)),
  ],
);

/** The condition every read that finds projects adds: a project still being imported is not there yet. */
export const projectIsComplete = () => isNull(projects.importingSince);

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
    // Origins whose pages may use the key (each scheme://host[:port]); none means no page may.
    allowedOrigins: text().array().notNull().default([]),
    // The snapshot the deployment answers from; set by deploy, kept when the project syncs again.
    snapshotId: uuid(),
    deployedAt: moment(),
    deployerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // Deploy and Promote refuse a version whose latest test run failed or that has none, unless a project admin overrides.
    requirePassingTests: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [index('deployments_project_idx').on(table.projectId)],
);

export type DeploymentRow = typeof deployments.$inferSelect;

export type ProjectRow = typeof projects.$inferSelect;
