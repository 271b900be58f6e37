import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { summaryChartsSchema, type SummaryCharts } from '@console/contracts';
import { api } from '@/lib/api-client';
import { analyticsKeys, summaryUrl } from './keys';

/** GET /project/{id}/summary/charts: questions and out-of-scope per day in `tz`, top content and top out-of-scope questions. */
function getSummaryCharts(projectId: string, query: Record<string, string>, signal?: AbortSignal): Promise<SummaryCharts> {
  return api.get(`${summaryUrl(projectId)}/charts`, { query, schema: summaryChartsSchema, signal });
}

/** `enabled` false leaves the charts unread (a range longer than the charts draw). */
export function useSummaryCharts(projectId: string, query: Record<string, string>, { enabled = true } = {}) {
  return useQuery({
    queryKey: analyticsKeys.charts(projectId, query),
    queryFn: ({ signal }) => getSummaryCharts(projectId, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
