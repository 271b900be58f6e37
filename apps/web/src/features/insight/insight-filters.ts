import { INSIGHT_DEFAULT_THRESHOLD, INSIGHT_DEFAULT_WINDOW_DAYS, INSIGHT_MAX_THRESHOLD } from '@console/contracts';
import { dayBoundary } from '@/components/data-table/list-state';
import { toDateTimeLocal } from '@/lib/format';

/**
 * What the inbox reads (and the resolver reads a topic with): a window of whole days in the
 * browser's zone ('YYYY-MM-DD'), a deployment (by key, null for every one), the confidence below
 * which an answer counts as failed, and whether the Real-Time Test's questions and dismissed topics
 * count. They live in the query string under the API's own names, so a reload keeps them and a
 * topic's link carries them to the resolver unchanged.
 */
export interface InsightFilters {
  from: string;
  to: string;
  deploymentKey: string | null;
  threshold: number;
  includeRealtime: boolean;
  includeDismissed: boolean;
}

export const insightParams = {
  from: 'from',
  to: 'to',
  deploymentKey: 'deployment_key',
  threshold: 'threshold',
  includeRealtime: 'include_realtime',
  includeDismissed: 'include_dismissed',
} as const satisfies Record<keyof InsightFilters, string>;

/** The parameters a topic's link keeps: the resolver shows the topic's questions of the same window. */
const windowNames = ['from', 'to', 'deploymentKey', 'threshold', 'includeRealtime'] as const;

const localDay = (date: Date) => toDateTimeLocal(date).slice(0, 10);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(new Date(value).getTime());

function readThreshold(raw: string | null): number {
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= INSIGHT_MAX_THRESHOLD ? value : INSIGHT_DEFAULT_THRESHOLD;
}

/**
 * The filters from the query string; anything the API would refuse (a malformed day, a threshold out
 * of range) counts as absent. A missing end is today, a missing start the INSIGHT_DEFAULT_WINDOW_DAYS
 * days up to the end, today included.
 */
export function readInsightFilters(params: URLSearchParams, today: Date): InsightFilters {
  const rawTo = params.get(insightParams.to);
  const to = isDay(rawTo) ? rawTo : localDay(today);
  const rawFrom = params.get(insightParams.from);
  const [year, month, date] = to.split('-').map(Number) as [number, number, number];
  const from = isDay(rawFrom) ? rawFrom : localDay(new Date(year, month - 1, date + 1 - INSIGHT_DEFAULT_WINDOW_DAYS));
  return {
    from,
    to,
    deploymentKey: params.get(insightParams.deploymentKey)?.trim() || null,
    threshold: readThreshold(params.get(insightParams.threshold)),
    includeRealtime: params.get(insightParams.includeRealtime) === 'true',
    includeDismissed: params.get(insightParams.includeDismissed) === 'true',
  };
}

function paramValue<K extends keyof InsightFilters>(name: K, value: InsightFilters[K] | null): string | null {
  if (value === null || value === false || value === '') return null;
  if (name === 'threshold') return value === INSIGHT_DEFAULT_THRESHOLD ? null : String(value);
  return String(value);
}

/**
 * The query string with one filter changed; null (or a default) removes it. The inbox's page goes back
 * to the first, as a list's does when a filter changes.
 */
export function writeInsightFilter<K extends keyof InsightFilters>(params: URLSearchParams, name: K, value: InsightFilters[K] | null): URLSearchParams {
  const next = new URLSearchParams(params);
  const text = paramValue(name, value);
  if (text === null) next.delete(insightParams[name]);
  else next.set(insightParams[name], text);
  next.delete('offset');
  return next;
}

/** The window's parameters as the query string holds them (defaults left out), for a topic's link. */
export function windowParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const name of windowNames) {
    const value = params.get(insightParams[name]);
    if (value !== null) kept.set(insightParams[name], value);
  }
  return kept;
}

/** The API's query for the filters: the days widened to whole days in the browser's zone; flags only when set. */
export function insightApiQuery(filters: InsightFilters): Record<string, string | number> {
  return {
    from: dayBoundary(filters.from, 'start'),
    to: dayBoundary(filters.to, 'end'),
    threshold: filters.threshold,
    ...(filters.deploymentKey && { deployment_key: filters.deploymentKey }),
    ...(filters.includeRealtime && { include_realtime: 'true' }),
    ...(filters.includeDismissed && { include_dismissed: 'true' }),
  };
}
