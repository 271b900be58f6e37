import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deploymentActions } from '@console/contracts';
import { deployments, projects } from './project';
import { snapshots } from './snapshot';
import { moment } from './timestamps';
import { users } from './user';

/**
 * Every deploy, rollback and promote of a deployment: the version it answers from since, the one it
 * replaced, who, when and why. `position` orders entries written at the same moment (two deploys at
 * once land in the order they committed). A version named here is never pruned.
 */
export const deployHistory = pgTable(
  'deploy_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    position: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    deploymentId: uuid()
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    action: text({ enum: deploymentActions }).notNull(),
    snapshotId: uuid()
      .notNull()
      .references(() => snapshots.id),
    previousSnapshotId: uuid().references(() => snapshots.id),
    reason: text().notNull().default(''),
    // Set when a project admin deployed past "Require passing tests": why.
    overrideReason: text(),
    deployedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    deployedAt: moment().notNull().defaultNow(),
  },
  (table) => [index('deploy_history_deployment_idx').on(table.deploymentId, table.position)],
);

export type DeployHistoryRow = typeof deployHistory.$inferSelect;
