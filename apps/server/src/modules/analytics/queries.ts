import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import { queryList, type EventRecord, type ListFilter, type ListQuery, type ListResponse } from '@console/contracts';
import type { AppContext } from '../../context';
import { events, feedback } from '../../db/schema/index';
import { listOrder, listWhere, type ListColumn } from '../../platform/listing';
import { countedByHours, eventTotals } from './event-totals';
import { eventRecordColumns, feedbackOfEvent, toEventRecord } from './event-records';
import { answerFeedbackCondition, isFeedbackFilter } from './feedback-filters';
import { scopeCondition, type EventScope } from './scope';

/**
 * The events' filterable columns (deployment_key and include_realtime are resolved into the scope
 * first, feedback by its own condition). The confidence is read from the stored answer: no column or
 * rollup keeps it, so a filter on it tests the rows.
 */
export const eventColumns: Record<string, ListColumn> = {
  issued_at: events.issuedAt,
  data_type: events.dataType,
  response_type: events.responseType,
  integration_type: events.integrationType,
  input_method: events.inputMethod,
  confidence: sql`(${events.data} -> 'response' ->> 'confidence')::float8`,
};

/** A question's outcome: the event the log lists for it (the request beside it repeats its utterance). */
const outcomeTypes = ['response', 'error'] as const;

/**
 * The filters of the log, whose rows are questions: `data_type` on 'request' keeps every question
 * (each has one request and one outcome), so the dashboard's older Queries links still land on them.
 */
function questionFilters(filters: ListFilter[]): ListFilter[] {
  return filters.filter((filter) => !(filter.field === 'data_type' && filter.value === 'request'));
}

/** The scope's questions with its filters, as the WHERE of a read of events left-joined to their feedback. */
export function questionWhere(scope: EventScope): SQL {
  const filters = questionFilters(scope.filters);
  return and(
    listWhere(eventColumns, { filters: filters.filter((filter) => !isFeedbackFilter(filter)) }, scopeCondition(scope, events.projectId, events.deploymentId)),
    inArray(events.dataType, outcomeTypes),
    ...filters.filter(isFeedbackFilter).map(answerFeedbackCondition),
  )!;
}

/**
 * One page of the query log, one row per question, newest first by default: read through the
 * project-time-id index (each row's feedback by its key), so a page costs the same on the millionth
 * question as on the first.
 */
export async function queryPage(ctx: AppContext, scope: EventScope, query: ListQuery): Promise<ListResponse<EventRecord>> {
  const [rows, total] = await Promise.all([
    ctx.db
      .select(eventRecordColumns)
      .from(events)
      .leftJoin(feedback, feedbackOfEvent)
      .where(questionWhere(scope))
      .orderBy(...listOrder(queryList, eventColumns, query, events.id))
      .limit(query.limit)
      .offset(query.offset),
    countQuestions(ctx, scope),
  ]);
  return { records: rows.map(toEventRecord), total };
}

/**
 * How many questions the scope holds (the query log's total, the export's size). With the filters the
 * hourly counts keep, the answers and errors are added up by hour. An answer's confidence and feedback
 * are no part of those counts: with either filter the rows are counted, all those of the range (so a
 * total over a long range costs a read of its questions).
 */
export async function countQuestions(ctx: AppContext, scope: EventScope): Promise<number> {
  const filters = questionFilters(scope.filters);
  if (countedByHours(filters)) {
    const totals = await eventTotals(ctx, { ...scope, filters });
    return totals.response + totals.error;
  }
  const [counted] = await ctx.db.select({ total: count() }).from(events).leftJoin(feedback, feedbackOfEvent).where(questionWhere(scope));
  return Number(counted?.total ?? 0);
}
