import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  conversationEventList,
  conversationList,
  type ConversationRecord,
  type ConversationSummary,
  type EventRecord,
  type ListFilter,
  type ListQuery,
  type ListResponse,
} from '@console/contracts';
import type { AppContext } from '../../context';
import { conversations, deployments, events, feedback, type ConversationRow } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { listOrder, listWhere, type ListColumn } from '../../platform/listing';
import { conversationCounters, conversationTotals, filterKind } from './conversation-totals';
import { eventRecordColumns, feedbackOfEvent, toEventRecord } from './event-records';
import { conversationFeedbackCondition, isFeedbackFilter } from './feedback-filters';
import { eventColumns } from './queries';
import { scopeCondition, type EventScope } from './scope';

/**
 * A conversation filter: the date is its first question's; a kind is "holds at least one" (eq) or
 * "holds none" (neq), and so is a rating of its answers.
 */
export function conversationWhere(scope: EventScope): SQL | undefined {
  const dated = scope.filters.filter((filter) => filter.field === 'issued_at');
  const kinds = scope.filters.filter((filter) => filter.field !== 'issued_at' && !isFeedbackFilter(filter));
  return and(
    listWhere({ issued_at: conversations.issuedAt }, { filters: dated }, scopeCondition(scope, conversations.projectId, conversations.deploymentId)),
    ...kinds.map((filter: ListFilter) => {
      const kind = filterKind(filter);
      if (!kind) throw new Error(`no conversation counter for ${filter.field}=${String(filter.value)}`);
      const counter = conversationCounters[kind];
      return filter.comparator === 'neq' ? sql`${counter} = 0` : sql`${counter} > 0`;
    }),
    ...scope.filters.filter(isFeedbackFilter).map(conversationFeedbackCondition),
  );
}

const conversationColumns: Record<string, ListColumn> = { issued_at: conversations.issuedAt };

interface RatedAnswers {
  liked: number;
  disliked: number;
}

/** The answers rated up and down in each of these conversations, read through the feedback's conversation index. */
async function ratedAnswersOf(ctx: AppContext, convIds: string[]): Promise<Map<string, RatedAnswers>> {
  if (!convIds.length) return new Map();
  const rows = await ctx.db
    .select({
      convId: feedback.convId,
      liked: sql<number>`count(*) FILTER (WHERE ${feedback.rating} = 'up')::int`,
      disliked: sql<number>`count(*) FILTER (WHERE ${feedback.rating} = 'down')::int`,
    })
    .from(feedback)
    .where(inArray(feedback.convId, convIds))
    .groupBy(feedback.convId);
  return new Map(rows.map((row) => [row.convId, { liked: Number(row.liked), disliked: Number(row.disliked) }]));
}

function toConversationRecord(row: ConversationRow, rated: RatedAnswers = { liked: 0, disliked: 0 }): ConversationRecord {
  return {
    conv_id: row.convId,
    issued_at: row.issuedAt.toISOString(),
    last_issued_at: row.lastIssuedAt.toISOString(),
    first_utterance: row.firstUtterance,
    integration_type: row.integrationType,
    deployment_id: row.deploymentId,
    event_count: row.eventCount,
    error_count: row.errorCount,
    oos_count: row.oosCount,
    liked_count: rated.liked,
    disliked_count: rated.disliked,
  };
}

/**
 * The list's total: from the hourly conversation counts when at most one kind is filtered (holding it,
 * or the rest), else counted row by row (as with a feedback filter, which no rollup keeps: all the
 * conversations of the range are read).
 */
async function countConversations(ctx: AppContext, scope: EventScope, where: SQL | undefined): Promise<number> {
  const kindFilters = scope.filters.filter((filter) => filter.field !== 'issued_at');
  const [only] = kindFilters;
  const kind = only && !isFeedbackFilter(only) ? filterKind(only) : null;
  if (kindFilters.length === 0 || (kindFilters.length === 1 && kind)) {
    const totals = await conversationTotals(ctx, scope);
    if (!only || !kind) return totals.conversations;
    return only.comparator === 'neq' ? totals.conversations - totals[kind] : totals[kind];
  }
  const [counted] = await ctx.db.select({ total: count() }).from(conversations).where(where);
  return Number(counted?.total ?? 0);
}

/** One page of conversations, newest first by default, from the conversations rollup. */
export async function conversationPage(ctx: AppContext, scope: EventScope, query: ListQuery): Promise<ListResponse<ConversationRecord>> {
  const where = conversationWhere(scope);
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(...listOrder(conversationList, conversationColumns, query, conversations.convId))
      .limit(query.limit)
      .offset(query.offset),
    countConversations(ctx, scope, where),
  ]);
  const rated = await ratedAnswersOf(ctx, rows.map((row) => row.convId));
  return { records: rows.map((row) => toConversationRecord(row, rated.get(row.convId))), total };
}

/** The scope's conversation with this id (404 when it is another project's or deployment's, or none). */
export async function conversationOf(ctx: AppContext, scope: EventScope, convId: string): Promise<ConversationRow> {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.convId, convId), scopeCondition(scope, conversations.projectId, conversations.deploymentId)))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * A question and its answer are often stamped in the same millisecond (the answer's time is taken
 * when the question goes to the engine): at equal times the question comes first, so a conversation
 * reads in the order it happened even among events stored before their ids were time-ordered.
 */
const questionFirst = sql`CASE WHEN ${events.dataType} = 'request' THEN 0 ELSE 1 END`;

function conversationEventOrder(query: ListQuery): SQL[] {
  const direction = query.sort.direction === 'ascending' ? asc : desc;
  const [time, id] = listOrder(conversationEventList, eventColumns, query, events.id);
  return [time!, direction(questionFirst), id!];
}

/** The events of one conversation, oldest first by default. */
export async function conversationEvents(ctx: AppContext, conversation: ConversationRow, query: ListQuery): Promise<ListResponse<EventRecord>> {
  const where = listWhere(eventColumns, query, and(eq(events.projectId, conversation.projectId), eq(events.convId, conversation.convId)));
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select(eventRecordColumns)
      .from(events)
      .leftJoin(feedback, feedbackOfEvent)
      .where(where)
      .orderBy(...conversationEventOrder(query))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ total: count() }).from(events).where(where),
  ]);
  return { records: rows.map(toEventRecord), total: Number(counted?.total ?? 0) };
}

export async function conversationSummary(ctx: AppContext, conversation: ConversationRow): Promise<ConversationSummary> {
  const [[deployment], [rated]] = await Promise.all([
    conversation.deploymentId
      ? ctx.db.select({ name: deployments.displayName }).from(deployments).where(eq(deployments.id, conversation.deploymentId)).limit(1)
      : Promise.resolve([]),
    ctx.db
      .select({
        liked: sql<number>`count(*) FILTER (WHERE ${feedback.rating} = 'up')::int`,
        disliked: sql<number>`count(*) FILTER (WHERE ${feedback.rating} = 'down')::int`,
      })
      .from(feedback)
      .where(eq(feedback.convId, conversation.convId)),
  ]);
  return {
    conv_id: conversation.convId,
    issued_at: conversation.issuedAt.toISOString(),
    last_issued_at: conversation.lastIssuedAt.toISOString(),
    integration_type: conversation.integrationType,
    deployment_id: conversation.deploymentId,
    deployment_name: deployment?.name ?? null,
    event_count: conversation.eventCount,
    request_count: conversation.requestCount,
    response_count: conversation.responseCount,
    error_count: conversation.errorCount,
    oos_count: conversation.oosCount,
    liked_count: Number(rated?.liked ?? 0),
    disliked_count: Number(rated?.disliked ?? 0),
  };
}
