import { sql, type SQL } from 'drizzle-orm';
import type { ListFilter } from '@console/contracts';
import { conversations, feedback } from '../../db/schema/index';

/**
 * The `feedback` filter (up, down or none) on the query log's answers and on the conversations. Written
 * as conditions of their own rather than on a coalesced column, so a filter on a rating reads only the
 * rated answers: PostgreSQL then joins from the feedback table instead of testing every event.
 */

export function isFeedbackFilter(filter: ListFilter): boolean {
  return filter.field === 'feedback';
}

/** On an event left-joined to its feedback (`feedbackOfEvent`): rated so (eq), or not rated so (neq). */
export function answerFeedbackCondition(filter: ListFilter): SQL {
  const none = filter.value === 'none';
  if (filter.comparator === 'neq') return none ? sql`${feedback.answerId} IS NOT NULL` : sql`${feedback.rating} IS DISTINCT FROM ${filter.value}`;
  return none ? sql`${feedback.answerId} IS NULL` : sql`${feedback.rating} = ${filter.value}`;
}

/** On a conversation: holding an answer rated so (eq; none: no rated answer at all), or holding none (neq). */
export function conversationFeedbackCondition(filter: ListFilter): SQL {
  const none = filter.value === 'none';
  const rated = sql`SELECT 1 FROM ${feedback} WHERE ${feedback.convId} = ${conversations.convId}${none ? sql`` : sql` AND ${feedback.rating} = ${filter.value}`}`;
  return (filter.comparator === 'eq') === none ? sql`NOT EXISTS (${rated})` : sql`EXISTS (${rated})`;
}
