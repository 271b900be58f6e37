import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditActions, auditActorTypes, auditResourceTypes } from '@console/contracts';

/**
 * The audit log. No foreign keys: an entry outlives the user, workspace or project it names, which is
 * when it is needed most (who deleted this project?); the labels keep what they were called.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: text({ enum: auditActions }).notNull(),
    actorType: text({ enum: auditActorTypes }).notNull(),
    actorId: uuid(),
    actorLabel: text().notNull(),
    address: text(),
    workspaceId: uuid(),
    projectId: uuid(),
    resourceType: text({ enum: auditResourceTypes }).notNull(),
    resourceId: text(),
    resourceLabel: text().notNull().default(''),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_entries_created_idx').on(table.createdAt),
    index('audit_entries_workspace_idx').on(table.workspaceId, table.createdAt),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
