import { index, json, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { eventDataTypes, inputMethods, integrationTypes, responseTypes } from '@console/contracts';
import { deployments, projects } from './projects';
import { moment } from './timestamps';

/**
 * Every question and answer (project-areas §3, §9): a 'request' event, then a 'response' or an
 * 'error' event, with the engine's trace in `data`. The table that grows without bound: written in
 * batches, read by project and time or by conversation.
 */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // Null for the console's Real-Time Test; kept when the deployment is deleted (the record stays).
    deploymentId: uuid().references(() => deployments.id, { onDelete: 'set null' }),
    snapshotId: uuid(),
    convId: uuid().notNull(),
    issuedAt: moment().notNull(),
    dataType: text({ enum: eventDataTypes }).notNull(),
    utterance: text().notNull(),
    responseType: text({ enum: responseTypes }),
    integrationType: text({ enum: integrationTypes }).notNull(),
    inputMethod: text({ enum: inputMethods }).notNull(),
    contentId: uuid(),
    reportingId: uuid(),
    // json, not jsonb: written once per question and read whole, never searched inside, so the
    // binary form's conversion on every insert (about half the insert's cost) buys nothing.
    data: json().$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('events_project_time_idx').on(table.projectId, table.issuedAt),
    index('events_conversation_idx').on(table.projectId, table.convId, table.issuedAt),
  ],
);

export type EventRow = typeof events.$inferSelect;
