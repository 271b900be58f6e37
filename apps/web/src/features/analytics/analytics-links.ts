import { filterParam, summaryLinks, type ListSpec, type SummaryCount } from '@console/contracts';
import { readListState } from '@/components/data-table/list-state';
import { projectPaths } from '@/config/paths';
import { dashboardFilterParams, type DashboardFilters } from './dashboard-filters';

function withSearch(path: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Where a dashboard count leads (summaryLinks): the query log or the conversation list, filtered to
 * the dashboard's range, deployment and Real-Time Test switch and to what the count counts.
 */
export function countLink(projectId: string, count: SummaryCount, filters: DashboardFilters): string {
  const link = summaryLinks[count];
  const params = new URLSearchParams(dashboardFilterParams(filters));
  if (link.filter) params.set(filterParam(link.filter.field, 'eq'), link.filter.value);
  const path = link.list === 'query' ? projectPaths.queries.to(projectId) : projectPaths.conversations.to(projectId);
  return withSearch(path, params);
}

/**
 * A link to another list with the filters of this one that it also accepts (Explore By Query,
 * Explore By Conversation); paging and sorting stay behind.
 */
export function exploreLink(path: string, params: URLSearchParams, target: ListSpec): string {
  return withSearch(path, new URLSearchParams(readListState(params, target).filters));
}
