import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { summarySchema, type Summary } from '@console/contracts';
import { api } from '@/lib/api-client';
import { analyticsKeys, summaryUrl } from './keys';

/** GET /project/{id}/summary: the dashboard's counts over a range and deployment (summaryFilters, tz). */
function getSummary(projectId: string, query: Record<string, string>, signal?: AbortSignal): Promise<Summary> {
  return api.get(summaryUrl(projectId), { query, schema: summarySchema, signal });
}

export function useSummary(projectId: string, query: Record<string, string>) {
  return useQuery({
    queryKey: analyticsKeys.summary(projectId, query),
    queryFn: ({ signal }) => getSummary(projectId, query, signal),
    placeholderData: keepPreviousData,
  });
}
