import { queryList, type EventRecord, type ListQuery, type ListResponse } from '@console/contracts';
import type { AppContext } from '../../context';
import { events } from '../../db/schema/index';
import { listOrder, listWhere, type ListColumn } from '../../platform/listing';
import { eventTotals } from './event-totals';
import { eventRecordColumns, toEventRecord } from './event-records';
import { scopeCondition, type EventScope } from './scope';

/** The query log's filterable columns (deployment_key is resolved into the scope first). */
export const eventColumns: Record<string, ListColumn> = {
  issued_at: events.issuedAt,
  data_type: events.dataType,
  response_type: events.responseType,
  integration_type: events.integrationType,
  input_method: events.inputMethod,
};

/** The scope and its filters as the WHERE of a read of events. */
export function eventWhere(scope: EventScope) {
  return listWhere(eventColumns, { filters: scope.filters }, scopeCondition(scope, events.projectId, events.deploymentId));
}

/**
 * One page of the query log, newest first by default: read through the project-time-id index, so a
 * page costs the same on the millionth event as on the first. The total comes from the hourly counts.
 */
export async function queryPage(ctx: AppContext, scope: EventScope, query: ListQuery): Promise<ListResponse<EventRecord>> {
  const where = eventWhere(scope);
  const [rows, total] = await Promise.all([
    ctx.db
      .select(eventRecordColumns)
      .from(events)
      .where(where)
      .orderBy(...listOrder(queryList, eventColumns, query, events.id))
      .limit(query.limit)
      .offset(query.offset),
    countEvents(ctx, scope),
  ]);
  return { records: rows.map(toEventRecord), total };
}

/** How many events the scope holds (the query log's total, the export's size): every log filter is one the hourly counts keep. */
export async function countEvents(ctx: AppContext, scope: EventScope): Promise<number> {
  return (await eventTotals(ctx, scope)).event;
}
