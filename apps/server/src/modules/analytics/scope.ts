import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListFilter, ListQuery } from '@console/contracts';
import type { AppContext } from '../../context';
import { deployments } from '../../db/schema/index';

/**
 * What an analytics read covers: one project, optionally one deployment, and the list filters left
 * once the deployment key is resolved. A key is looked up among the project's own deployments only;
 * a key that names none of them matches nothing (never another project's events).
 */
export interface EventScope {
  projectId: string;
  /** undefined: every deployment and the Real-Time Test; null: a key that names no deployment of the project. */
  deploymentId: string | null | undefined;
  filters: ListFilter[];
}

/** The whole project: every deployment and the Real-Time Test, no filter. */
export function projectScope(projectId: string): EventScope {
  return { projectId, deploymentId: undefined, filters: [] };
}

export async function eventScope(ctx: AppContext, projectId: string, query: Pick<ListQuery, 'filters'>): Promise<EventScope> {
  const keyFilter = query.filters.find((filter) => filter.field === 'deployment_key');
  const filters = query.filters.filter((filter) => filter !== keyFilter);
  if (!keyFilter) return { projectId, deploymentId: undefined, filters };
  const [row] = await ctx.db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), eq(deployments.key, String(keyFilter.value))))
    .limit(1);
  return { projectId, deploymentId: row?.id ?? null, filters };
}

/** The scope's project and deployment as a condition on a table with those columns. */
export function scopeCondition(scope: EventScope, projectColumn: SQL | unknown, deploymentColumn: SQL | unknown): SQL {
  const project = sql`${projectColumn} = ${scope.projectId}`;
  if (scope.deploymentId === undefined) return project;
  if (scope.deploymentId === null) return sql`false`;
  return sql`${project} AND ${deploymentColumn} = ${scope.deploymentId}`;
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
