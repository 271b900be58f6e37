import { INCLUDE_REALTIME, filterParam, summaryFilters } from '@console/contracts';
import { dayBoundary, readListState, writeListState } from '@/components/data-table/list-state';

/** The range the dashboard shows until another is chosen: the last 30 days, today included. */
const DEFAULT_RANGE_DAYS = 30;

/**
 * The dashboard's range (whole days, 'YYYY-MM-DD', in the browser's zone), deployment and whether the
 * Real-Time Test's questions count. They live in the query string under the lists' own names, so a
 * reload keeps them and the count links carry them unchanged.
 */
export interface DashboardFilters {
  from: string;
  to: string;
  deploymentKey: string | null;
  /** Whether the Real-Time Test's questions count (off by default). */
  realtime: boolean;
}

export const dashboardParams = {
  from: filterParam('issued_at', 'gte'),
  to: filterParam('issued_at', 'lte'),
  deploymentKey: filterParam('deployment_key', 'eq'),
  realtime: filterParam('include_realtime', 'eq'),
} as const;

/** A date's day in the browser's zone, as 'YYYY-MM-DD'. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` after (or before) a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(year, month - 1, date + days));
}

/** How many days a range covers, both ends included (0 when it ends before it starts). */
export function rangeDays({ from, to }: Pick<DashboardFilters, 'from' | 'to'>): number {
  const utc = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, date);
  };
  return Math.max(0, Math.round((utc(to) - utc(from)) / 86_400_000) + 1);
}

/**
 * The dashboard's filters from its query string, read as the lists read theirs (a malformed day or
 * blank key is ignored); a missing end is today, a missing start the 30 days up to the end.
 */
export function readDashboardFilters(params: URLSearchParams, today: Date): DashboardFilters {
  const { filters } = readListState(params, summaryFilters);
  const to = filters[dashboardParams.to] ?? localDay(today);
  const from = filters[dashboardParams.from] ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  return {
    from,
    to,
    deploymentKey: filters[dashboardParams.deploymentKey] ?? null,
    realtime: filters[dashboardParams.realtime] === INCLUDE_REALTIME,
  };
}

/** The query-string values of the filters that differ from their defaults. */
export function dashboardFilterParams(filters: DashboardFilters): Record<string, string> {
  return {
    [dashboardParams.from]: filters.from,
    [dashboardParams.to]: filters.to,
    ...(filters.deploymentKey && { [dashboardParams.deploymentKey]: filters.deploymentKey }),
    ...(filters.realtime && { [dashboardParams.realtime]: INCLUDE_REALTIME }),
  };
}

/**
 * The query string with a changed filter; null (or false) removes it: a removed day goes back to its
 * default, no deployment is every deployment, the Real-Time Test is left out.
 */
export function writeDashboardFilter(params: URLSearchParams, name: keyof DashboardFilters, value: string | boolean | null): URLSearchParams {
  const written = value === true ? INCLUDE_REALTIME : value === false ? null : value;
  return writeListState(params, { filters: { [dashboardParams[name]]: written } });
}

/** The summary's and charts' query: the range widened to whole days in the browser's zone, the deployment, the Real-Time Test, the zone. */
export function summaryQuery(filters: DashboardFilters, tz: string | undefined): Record<string, string> {
  return {
    ...dashboardFilterParams(filters),
    [dashboardParams.from]: dayBoundary(filters.from, 'start'),
    [dashboardParams.to]: dayBoundary(filters.to, 'end'),
    ...(tz && { tz }),
  };
}
