import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { fixCheckStatuses, fixKinds, insightFailures, type InsightFailure } from '@console/contracts';
import { projects } from './project';
import { moment, timestamps } from './timestamps';
import { users } from './user';

/**
 * The questions the assistant failed, one row per answer (its response or error event), taken from
 * the events (and the feedback) by the grouping job and given a topic. The inbox counts these rows,
 * never the events.
 */
export const insightQuestions = pgTable(
  'insight_questions',
  {
    answerId: uuid().primaryKey(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deploymentId: uuid(),
    convId: uuid().notNull(),
    askedAt: moment().notNull(),
    utterance: text().notNull(),
    /** The answer's own outcome: 'oos', 'low_confidence' (kept below INSIGHT_MAX_THRESHOLD), 'error', or null for an answer kept because it was disliked. */
    failure: text({ enum: insightFailures }).$type<Exclude<InsightFailure, 'disliked'>>(),
    disliked: integer().notNull().default(0),
    confidence: real(),
    refusal: text(),
    contentId: uuid(),
    /** The best candidates of the trace: [{content_id, subject, score}]. */
    candidates: jsonb().$type<{ content_id: string; subject: string; score: number | null }[]>().notNull().default([]),
    /** The cluster it joined; null until the grouping took it. */
    clusterId: uuid().references(() => insightClusters.id, { onDelete: 'set null' }),
    /** Its cluster's topic, kept here so the inbox counts questions by topic without a join. */
    topicId: uuid().references(() => insightTopics.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('insight_questions_project_time_idx').on(table.projectId, table.askedAt),
    index('insight_questions_topic_idx').on(table.topicId, table.askedAt),
    index('insight_questions_cluster_idx').on(table.clusterId),
    index('insight_questions_ungrouped_idx').on(table.projectId, table.askedAt).where(sql`${table.clusterId} is null`),
  ],
);

/**
 * Failed questions of one meaning, tight (paraphrases). Its centre (the mean of its questions'
 * sentence vectors, and its words' weights) decides which new questions join it; a cluster never
 * merges, splits or loses a question, but moves between topics as the grouping regroups them.
 */
export const insightClusters = pgTable(
  'insight_clusters',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    topicId: uuid()
      .notNull()
      .references(() => insightTopics.id),
    label: text().notNull(),
    /** Questions grouped into it, all time (its weight when a question joins). */
    size: integer().notNull().default(0),
    /** The grouping's description of the cluster's centre (vector and words), its own format. */
    centre: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    lastJoinedAt: moment().notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index('insight_clusters_project_idx').on(table.projectId, table.lastJoinedAt), index('insight_clusters_topic_idx').on(table.topicId)],
);

/**
 * What the inbox lists: clusters grouped by meaning, regrouped after every batch of questions; it
 * keeps its id, fixes and dismissal while its clusters are mostly the same, and never moves to
 * another project.
 */
export const insightTopics = pgTable(
  'insight_topics',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    /** Questions grouped into its clusters, all time. */
    size: integer().notNull().default(0),
    /** A question that joined one of its clusters after this brings it back from dismissal. */
    lastJoinedAt: moment().notNull().defaultNow(),
    dismissedAt: moment(),
    dismissedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('insight_topics_project_idx').on(table.projectId)],
);

/** A fix made from a topic: who, when, what, and whether its questions are answered as intended after the next sync. */
export const insightFixes = pgTable(
  'insight_fixes',
  {
    id: uuid().primaryKey().defaultRandom(),
    topicId: uuid()
      .notNull()
      .references(() => insightTopics.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text({ enum: fixKinds }).notNull(),
    summary: text().notNull(),
    contentId: uuid(),
    /** What the answers should now be: {type: 'content', content_id} or {type: 'out_of_scope'}; null when nothing is expected. */
    expect: jsonb().$type<{ type: 'content'; content_id: string } | { type: 'out_of_scope' } | { type: 'answered' }>(),
    /** The question texts the fix took. */
    questions: text().array().notNull().default([]),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    checkStatus: text({ enum: fixCheckStatuses }),
    checkVersion: integer(),
    checkPassed: integer().notNull().default(0),
    checkTotal: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [index('insight_fixes_topic_idx').on(table.topicId, table.createdAt)],
);

/** Where the grouping job stopped reading a project's events and feedback. */
export const insightCursors = pgTable('insight_cursors', {
  projectId: uuid()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  eventAt: moment(),
  eventId: uuid(),
  feedbackAt: moment(),
  /** What the grouping keeps between runs for the whole project (word frequencies), its own format. */
  grouping: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** One grouping at a time per project, across processes: the job holding the project until then. */
  leaseUntil: moment(),
  /** That job's id: a pass stores its grouping only while its job still holds the lease. */
  leaseHolder: uuid(),
  ...timestamps,
});
