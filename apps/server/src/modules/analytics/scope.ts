import { and, eq, sql, type SQL } from 'drizzle-orm';
import { INCLUDE_REALTIME, type ListFilter, type ListQuery } from '@console/contracts';
import type { AppContext } from '../../context';
import { deployments } from '../../db/schema/index';

/**
 * What an analytics read covers: one project, optionally one deployment, whether the Real-Time Test's
 * rows count, and the list filters left once the deployment key and the Real-Time Test switch are
 * resolved. A key is looked up among the project's own deployments only; a key that names none of them
 * matches nothing (never another project's events).
 */
export interface EventScope {
  projectId: string;
  /** undefined: every deployment (and the Real-Time Test when `realtime`); null: a key that names no deployment of the project. */
  deploymentId: string | null | undefined;
  /**
   * Whether the Real-Time Test's rows (the only ones without a deployment, in the events and in every
   * rollup) count when no deployment is chosen.
   */
  realtime: boolean;
  filters: ListFilter[];
}

/** The whole project: every deployment and the Real-Time Test, no filter (a conversation opened by its id). */
export function projectScope(projectId: string): EventScope {
  return { projectId, deploymentId: undefined, realtime: true, filters: [] };
}

/** Whether the filters ask for the Real-Time Test's rows (`include_realtime__eq=true`, or `__neq=false`). */
function asksForRealtime(filter: ListFilter): boolean {
  return (filter.comparator === 'eq') === (filter.value === INCLUDE_REALTIME);
}

export async function eventScope(ctx: AppContext, projectId: string, query: Pick<ListQuery, 'filters'>): Promise<EventScope> {
  const keyFilter = query.filters.find((filter) => filter.field === 'deployment_key');
  const realtimeFilters = query.filters.filter((filter) => filter.field === 'include_realtime');
  const realtime = realtimeFilters.length > 0 && realtimeFilters.every(asksForRealtime);
  const filters = query.filters.filter((filter) => filter !== keyFilter && filter.field !== 'include_realtime');
  if (!keyFilter) return { projectId, deploymentId: undefined, realtime, filters };
  const [row] = await ctx.db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), eq(deployments.key, String(keyFilter.value))))
    .limit(1);
  return { projectId, deploymentId: row?.id ?? null, realtime, filters };
}

/** The scope's project and deployment as a condition on a table with those columns. */
export function scopeCondition(scope: EventScope, projectColumn: SQL | unknown, deploymentColumn: SQL | unknown): SQL {
  const project = sql`${projectColumn} = ${scope.projectId}`;
  if (scope.deploymentId === null) return sql`false`;
  if (scope.deploymentId !== undefined) return sql`${project} AND ${deploymentColumn} = ${scope.deploymentId}`;
  return scope.realtime ? project : sql`${project} AND ${deploymentColumn} IS NOT NULL`;
}

/** The issued_at bounds of the filters as a half-open range [from, to): the lists' `lte` includes its instant. */
export function timeRange(filters: ListFilter[]): { from: Date | null; to: Date | null } {
  let from: Date | null = null;
  let to: Date | null = null;
  for (const filter of filters) {
    if (filter.field !== 'issued_at' || !(filter.value instanceof Date)) continue;
    if (filter.comparator === 'gte' && (!from || filter.value > from)) from = filter.value;
    if (filter.comparator === 'lte') {
      const end = new Date(filter.value.getTime() + 1);
      if (!to || end < to) to = end;
    }
  }
  return { from, to };
}
