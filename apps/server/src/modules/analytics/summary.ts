import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CHART_MAX_DAYS, analyticsMessages, TOP_ITEMS, TOP_ITEMS_SAMPLE, type Summary, type SummaryCharts } from '@console/contracts';
import type { AppContext } from '../../context';
import { contents, conversations, eventCounts, events, feedback, visitors } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { conversationTotals } from './conversation-totals';
import { conversationWhere } from './conversations';
import { eventTotals } from './event-totals';
import { scopeCondition, timeRange, type EventScope } from './scope';

/**
 * The dashboard's counts: the events and the conversations (dated by
 * their first question) from their hourly counts; the users of all time from the visitors rollup,
 * those of a range by their distinct keys among the range's conversations; the answers liked and
 * disliked from the feedback, by the answer's time.
 */
export async function summaryOf(ctx: AppContext, scope: EventScope): Promise<Summary> {
  const [totals, conversation, users, rated] = await Promise.all([
    eventTotals(ctx, scope),
    conversationTotals(ctx, scope),
    userCount(ctx, scope),
    ratedAnswers(ctx, scope),
  ]);
  return {
    user_count: users,
    event_count: totals.event,
    error_count: totals.error,
    request_count: totals.request,
    response_count: totals.response,
    oos_count: totals.oos,
    handoff_count: totals.handoff,
    conversation_count: conversation.conversations,
    conv_error_count: conversation.error,
    conv_oos_count: conversation.oos,
    liked_count: rated.liked,
    disliked_count: rated.disliked,
  };
}

/** The answers of the range rated up and down: one row per rated answer, read by the feedback's (project, answer time) index. */
async function ratedAnswers(ctx: AppContext, scope: EventScope): Promise<{ liked: number; disliked: number }> {
  const { from, to } = timeRange(scope.filters);
  const [row] = await ctx.db
    .select({
      liked: sql<string>`count(*) FILTER (WHERE ${feedback.rating} = 'up')`,
      disliked: sql<string>`count(*) FILTER (WHERE ${feedback.rating} = 'down')`,
    })
    .from(feedback)
    .where(
      and(
        scopeCondition(scope, feedback.projectId, feedback.deploymentId),
        from ? sql`${feedback.answeredAt} >= ${from.toISOString()}::timestamptz` : undefined,
        to ? sql`${feedback.answeredAt} < ${to.toISOString()}::timestamptz` : undefined,
      ),
    );
  return { liked: Number(row?.liked ?? 0), disliked: Number(row?.disliked ?? 0) };
}

async function userCount(ctx: AppContext, scope: EventScope): Promise<number> {
  const count = sql<string>`count(*)`;
  if (!scope.filters.length) {
    const [row] = await ctx.db.select({ count }).from(visitors).where(scopeCondition(scope, visitors.projectId, visitors.deploymentId));
    return Number(row?.count ?? 0);
  }
  // A conversation from before visitors were recorded counts as its own visitor. Distinct over a
  // DISTINCT subquery: PostgreSQL hashes it, where count(DISTINCT) sorts.
  const visitor = sql<string>`coalesce(${conversations.visitorId}, ${conversations.convId}::text)`;
  const seen = ctx.db.selectDistinct({ visitor }).from(conversations).where(conversationWhere(scope)).as('seen');
  const [row] = await ctx.db.select({ count }).from(seen);
  return Number(row?.count ?? 0);
}

const DAY_MS = 86_400_000;

/** The calendar days from one instant to another in a time zone, as YYYY-MM-DD, oldest first. */
function daysBetween(from: Date, to: Date, timeZone: string): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days: string[] = [];
  const add = (at: number) => {
    const name = day.format(new Date(at));
    if (days.at(-1) !== name) days.push(name);
  };
  // Half-day steps: a local day lasts at least 23 hours, so no day is ever stepped over.
  for (let at = from.getTime(); at < to.getTime(); at += DAY_MS / 2) add(at);
  add(to.getTime() - 1);
  return days;
}

/**
 * What the dashboard draws: questions and out-of-scope answers per day in the caller's time zone
 * (from the hourly counts, so a day is whole hours: exact in every zone whose offset is whole hours),
 * and the most answered content and the most asked out-of-scope questions among the newest
 * TOP_ITEMS_SAMPLE answers of the range.
 */
export async function chartsOf(ctx: AppContext, scope: EventScope, timeZone: string): Promise<SummaryCharts> {
  const now = ctx.now();
  const range = timeRange(scope.filters);
  const to = range.to ?? now;
  const from = range.from ?? new Date(to.getTime() - 30 * DAY_MS);
  // Counted in calendar days of the zone: a year of days across a change of clock is still a year.
  if (to.getTime() - from.getTime() > (CHART_MAX_DAYS + 1) * DAY_MS) throw AppError.badRequest(analyticsMessages.chartRangeTooLong);
  const calendar = daysBetween(from, to, timeZone);
  if (calendar.length > CHART_MAX_DAYS) throw AppError.badRequest(analyticsMessages.chartRangeTooLong);

  const dayOf = sql<string>`to_char(${eventCounts.hour} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const perDay = await ctx.db
    .select({
      day: dayOf,
      requests: sql<string>`coalesce(sum(${eventCounts.count}) FILTER (WHERE ${eventCounts.dataType} = 'request'), 0)`,
      oos: sql<string>`coalesce(sum(${eventCounts.count}) FILTER (WHERE ${eventCounts.responseType} = 'oos'), 0)`,
    })
    .from(eventCounts)
    .where(
      and(
        scopeCondition(scope, eventCounts.projectId, eventCounts.deploymentId),
        sql`${eventCounts.hour} >= ${new Date(Math.floor(from.getTime() / 3_600_000) * 3_600_000).toISOString()}::timestamptz`,
        sql`${eventCounts.hour} < ${to.toISOString()}::timestamptz`,
      ),
    )
    // By position: the zone is a parameter, and the same expression written twice would be two parameters.
    .groupBy(sql`1`);
  const counted = new Map(perDay.map((row) => [row.day, row]));
  const days = calendar.map((day) => ({
    day,
    request_count: Number(counted.get(day)?.requests ?? 0),
    oos_count: Number(counted.get(day)?.oos ?? 0),
  }));

  const newest = ctx.db.$with('newest').as(
    ctx.db
      .select({ contentId: events.contentId, responseType: events.responseType, utterance: events.utterance })
      .from(events)
      .where(
        and(
          scopeCondition(scope, events.projectId, events.deploymentId),
          eq(events.dataType, 'response'),
          sql`${events.issuedAt} >= ${from.toISOString()}::timestamptz`,
          sql`${events.issuedAt} < ${to.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(events.issuedAt), desc(events.id))
      .limit(TOP_ITEMS_SAMPLE),
  );
  // One read of the sample: content answers grouped by item, out-of-scope ones by question (case aside).
  const question = sql<string | null>`CASE WHEN ${newest.responseType} = 'oos' THEN lower(${newest.utterance}) END`;
  const groups = await ctx.db
    .with(newest)
    .select({
      responseType: newest.responseType,
      contentId: newest.contentId,
      utterance: sql<string>`min(${newest.utterance})`,
      count: sql<string>`count(*)`,
    })
    .from(newest)
    .groupBy(newest.responseType, newest.contentId, question);
  const ranked = (kind: string) =>
    groups
      .filter((group) => group.responseType === kind)
      .map((group) => ({ ...group, count: Number(group.count) }))
      .sort((a, b) => b.count - a.count || a.utterance.localeCompare(b.utterance))
      .slice(0, TOP_ITEMS);
  const topContent = ranked('content').filter((group) => group.contentId);
  const subjects = topContent.length
    ? await ctx.db
        .select({ id: contents.id, subject: contents.subject })
        .from(contents)
        .where(and(eq(contents.projectId, scope.projectId), inArray(contents.id, topContent.map((group) => group.contentId!))))
    : [];
  const subjectOf = new Map(subjects.map((row) => [row.id, row.subject]));

  return {
    days,
    top_content: topContent.map((group) => ({ content_id: group.contentId!, subject: subjectOf.get(group.contentId!) ?? null, count: group.count })),
    top_oos: ranked('oos').map((group) => ({ utterance: group.utterance, count: group.count })),
    sampled: groups.reduce((sum, group) => sum + Number(group.count), 0),
  };
}
