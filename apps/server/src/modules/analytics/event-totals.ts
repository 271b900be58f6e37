import { and, sql, type SQL } from 'drizzle-orm';
import type { ListFilter } from '@console/contracts';
import type { AppContext } from '../../context';
import { eventCounts, events } from '../../db/schema/index';
import { listWhere, type ListColumn } from '../../platform/listing';
import { byWholeHours } from './hourly-totals';
import { scopeCondition, timeRange, type EventScope } from './scope';

/** The event counts the dashboard shows and the query log's total is one of. */
interface EventTotals {
  event: number;
  request: number;
  response: number;
  error: number;
  oos: number;
  /** Answers to a request for a person. */
  handoff: number;
}

/** Filters the hourly counts can answer: every field of an event the rollup keeps (not an answer's confidence or feedback). */
const countedFields = new Set(['issued_at', 'data_type', 'response_type', 'integration_type', 'input_method']);
export function countedByHours(filters: ListFilter[]): boolean {
  return filters.every((filter) => countedFields.has(filter.field));
}

interface Source {
  table: typeof events | typeof eventCounts;
  columns: Record<string, ListColumn>;
  time: ListColumn;
  project: ListColumn;
  deployment: ListColumn;
  /** How one row counts: 1 for an event, its `count` for an hour of the rollup. */
  weight: SQL;
}
const rawEvents: Source = {
  table: events,
  columns: {
    data_type: events.dataType,
    response_type: events.responseType,
    integration_type: events.integrationType,
    input_method: events.inputMethod,
  },
  time: events.issuedAt,
  project: events.projectId,
  deployment: events.deploymentId,
  weight: sql`1`,
};
const hourlyCounts: Source = {
  table: eventCounts,
  columns: {
    data_type: eventCounts.dataType,
    response_type: eventCounts.responseType,
    integration_type: eventCounts.integrationType,
    input_method: eventCounts.inputMethod,
  },
  time: eventCounts.hour,
  project: eventCounts.projectId,
  deployment: eventCounts.deploymentId,
  weight: sql`${eventCounts.count}`,
};

async function totalsOf(ctx: AppContext, source: Source, scope: EventScope, from: Date | null, to: Date | null): Promise<EventTotals> {
  const sum = (condition?: SQL) =>
    condition ? sql<string>`coalesce(sum(${source.weight}) FILTER (WHERE ${condition}), 0)` : sql<string>`coalesce(sum(${source.weight}), 0)`;
  const { data_type: dataType, response_type: responseType } = source.columns;
  const where = and(
    scopeCondition(scope, source.project, source.deployment),
    listWhere(source.columns, { filters: scope.filters.filter((filter) => filter.field !== 'issued_at') }),
    from ? sql`${source.time} >= ${from.toISOString()}::timestamptz` : undefined,
    to ? sql`${source.time} < ${to.toISOString()}::timestamptz` : undefined,
  );
  const [row] = await ctx.db
    .select({
      event: sum(),
      request: sum(sql`${dataType} = 'request'`),
      response: sum(sql`${dataType} = 'response'`),
      error: sum(sql`${dataType} = 'error'`),
      oos: sum(sql`${responseType} = 'oos'`),
      handoff: sum(sql`${responseType} = 'handoff'`),
    })
    .from(source.table)
    .where(where);
  return {
    event: Number(row?.event ?? 0),
    request: Number(row?.request ?? 0),
    response: Number(row?.response ?? 0),
    error: Number(row?.error ?? 0),
    oos: Number(row?.oos ?? 0),
    handoff: Number(row?.handoff ?? 0),
  };
}

function add(a: EventTotals, b: EventTotals): EventTotals {
  return {
    event: a.event + b.event,
    request: a.request + b.request,
    response: a.response + b.response,
    error: a.error + b.error,
    oos: a.oos + b.oos,
    handoff: a.handoff + b.handoff,
  };
}

/** Counts the scope's events: whole hours from `event_counts`, the partial hours at the range's ends from the events. */
export async function eventTotals(ctx: AppContext, scope: EventScope): Promise<EventTotals> {
  if (!countedByHours(scope.filters)) throw new Error('eventTotals needs filters the hourly counts keep');
  return byWholeHours(
    timeRange(scope.filters),
    (from, to) => totalsOf(ctx, hourlyCounts, scope, from, to),
    (from, to) => totalsOf(ctx, rawEvents, scope, from, to),
    add,
  );
}
