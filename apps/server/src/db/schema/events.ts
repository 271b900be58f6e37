import { bigint, index, integer, json, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { eventDataTypes, inputMethods, integrationTypes, responseTypes } from '@console/contracts';
import { projects } from './project';
import { moment } from './timestamps';

/**
 * Every question and answer: a 'request' event, then a 'response' or an
 * 'error' event, with the engine's trace in `data`. The table that grows without bound: written in
 * batches, read by project and time or by conversation.
 */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    // No foreign key, as on the conversations: checking each stored event against the projects cost
    // about an eighth of storing it. The statement that stores a batch locks its projects once, as a
    // foreign key would lock them per row, and a project's deletion removes its events (a trigger of
    // the projects table, migration 0010).
    projectId: uuid().notNull(),
    // Null for the console's Real-Time Test. No foreign key, as in the rollups: a deployment goes only
    // with its project, whose deletion removes the events, and checking every stored event against the
    // deployments cost about a tenth of storing it.
    deploymentId: uuid(),
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
    // Who asked, as an opaque key: a keyed hash of the visitor's address and browser, or the console
    // user of the Real-Time Test (decisions.md). Counts users without storing who they are.
    visitorId: text(),
    // json, not jsonb: written once per question and read whole, never searched inside, so the
    // binary form's conversion on every insert (about half the insert's cost) buys nothing.
    data: json().$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    // With the id, the index gives every page of the log (ordered by time, then id) and the export's
    // keyset walk without a sort.
    index('events_project_time_idx').on(table.projectId, table.issuedAt, table.id),
    index('events_conversation_idx').on(table.projectId, table.convId, table.issuedAt),
  ],
);

export type EventRow = typeof events.$inferSelect;

/**
 * One row per conversation, kept by the statement that stores its events: the conversation list
 * pages through it, and the dashboard counts conversations (with errors, out of scope, users) from it
 * instead of grouping millions of events.
 */
export const conversations = pgTable(
  'conversations',
  {
    convId: uuid().primaryKey(),
    // No foreign key, as on the events (above), and removed with them.
    projectId: uuid().notNull(),
    // No foreign key: the rollups keep a deleted deployment's history, as the events do.
    deploymentId: uuid(),
    integrationType: text({ enum: integrationTypes }).notNull(),
    visitorId: text(),
    /** The first question's time: the conversation's Query Date. */
    issuedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    lastIssuedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    firstUtterance: text(),
    eventCount: integer().notNull().default(0),
    requestCount: integer().notNull().default(0),
    responseCount: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    oosCount: integer().notNull().default(0),
    contentCount: integer().notNull().default(0),
    scenarioCount: integer().notNull().default(0),
    handoffCount: integer().notNull().default(0),
  },
  (table) => [
    index('conversations_project_time_idx').on(table.projectId, table.issuedAt, table.convId),
    // The retention job asks whether a visitor has a conversation left before forgetting them.
    index('conversations_project_visitor_idx').on(table.projectId, table.visitorId),
  ],
);

/**
 * A conversation's engine state with the visitor's words as typed, kept only while redaction changed
 * what its stored events hold of it (the turns' words, a flow's slot values) and only for a while: any
 * process continues the conversation as the one that answered it would (modules/chat/conversations.ts),
 * and the team's endpoint receives the slot values the visitor gave, while the events keep the markers.
 */
export const conversationContexts = pgTable(
  'conversation_contexts',
  {
    convId: uuid().primaryKey(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The turn this state follows: it is used only while that is the conversation's last answered turn. */
    turn: integer().notNull(),
    state: jsonb().$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('conversation_contexts_expiry_idx').on(table.expiresAt), index('conversation_contexts_project_idx').on(table.projectId)],
);

/**
 * Events counted per project, deployment, hour (UTC) and kind, kept by the statement that stores the
 * events: the dashboard and the totals of the query log add up hours instead of counting rows, and
 * read the raw events only for the partial hours at the edges of a range.
 */
export const eventCounts = pgTable(
  'event_counts',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deploymentId: uuid(),
    hour: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    dataType: text({ enum: eventDataTypes }).notNull(),
    responseType: text({ enum: responseTypes }),
    integrationType: text({ enum: integrationTypes }).notNull(),
    inputMethod: text({ enum: inputMethods }).notNull(),
    count: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    unique('event_counts_key')
      .on(table.projectId, table.hour, table.deploymentId, table.dataType, table.responseType, table.integrationType, table.inputMethod)
      .nullsNotDistinct(),
  ],
);

/**
 * Conversations counted per project, deployment and hour of their first question, with how many hold
 * at least one event of each kind; kept by the statement that stores the events (a conversation is
 * counted in its hour when its first events are stored, and in a kind's column when its first event
 * of that kind is). The dashboard's conversation counts and the conversation list's total add hours.
 */
export const conversationCounts = pgTable(
  'conversation_counts',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deploymentId: uuid(),
    hour: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    conversations: integer().notNull(),
    withRequests: integer().notNull(),
    withResponses: integer().notNull(),
    withErrors: integer().notNull(),
    withOos: integer().notNull(),
    withContent: integer().notNull(),
    withScenario: integer().notNull(),
    withHandoff: integer().notNull().default(0),
  },
  (table) => [unique('conversation_counts_key').on(table.projectId, table.hour, table.deploymentId).nullsNotDistinct()],
);

/**
 * Every visitor key a project's deployment (or its Real-Time Test, a null deployment) has seen, kept by
 * the statement that stores the events: the dashboard's users of all time are a count of rows here,
 * where counting distinct keys over every conversation grew with the log. A key is made per
 * deployment (./modules/chat/visitors.ts), so rows of different deployments are different visitors.
 */
export const visitors = pgTable(
  'visitors',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deploymentId: uuid(),
    visitorId: text().notNull(),
  },
  (table) => [unique('visitors_key').on(table.projectId, table.deploymentId, table.visitorId).nullsNotDistinct()],
);

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * The turn of a conversation being answered now, by whichever server process: one turn at a time
 * per conversation (a flow's business-logic call must not be made twice by two questions sent at
 * once). A lease: a process that stopped mid-turn leaves a row that expires.
 */
export const conversationTurnLocks = pgTable('conversation_turn_locks', {
  convId: uuid().primaryKey(),
  holder: uuid().notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});
