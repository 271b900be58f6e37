import { useMemo, useState } from 'react';
import { Card, Text } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { CHART_MAX_DAYS } from '@console/contracts';
import { browserTimeZone } from '@/components/data-table/list-state';
import { ErrorView } from '@/components/error-view';
import { PageTitle } from '@/components/page-title';
import { useSummary } from '../api/get-summary';
import { useSummaryCharts } from '../api/get-summary-charts';
import { rangeDays, readDashboardFilters, summaryQuery, writeDashboardFilter, type DashboardFilters } from '../dashboard-filters';
import { DashboardFilterBar } from './dashboard-filter-bar';
import { SummaryCharts, SummaryChartsLoading } from './summary-charts';
import { SummaryTiles } from './summary-tiles';

/**
 * project/{id}/dashboard: the counts of a range and deployment (the Real-Time Test's questions only when
 * switched on), each leading to the list behind it, the share of rated answers liked, and charts over
 * the range. The filters live in the query string.
 */
export function DashboardPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  // 'Today' is fixed when the page opens, so the default range does not move under a reader at midnight.
  const [today] = useState(() => new Date());
  const filters = useMemo(() => readDashboardFilters(params, today), [params, today]);
  const query = useMemo(() => summaryQuery(filters, browserTimeZone()), [filters]);
  const chartable = rangeDays(filters) <= CHART_MAX_DAYS;
  const summary = useSummary(projectId, query);
  const charts = useSummaryCharts(projectId, query, { enabled: chartable });

  const setFilter = (name: keyof DashboardFilters, value: string | boolean | null) =>
    setParams((current) => writeDashboardFilter(current, name, value), { replace: true, preventScrollReset: true });

  return (
    <>
      <PageTitle title="Dashboard" />
      <DashboardFilterBar projectId={projectId} filters={filters} onChange={setFilter} />
      {summary.isError ? (
        <ErrorView error={summary.error} title="The counts could not be loaded." />
      ) : (
        <SummaryTiles projectId={projectId} filters={filters} summary={summary.data} />
      )}
      {!chartable ? (
        <Card withBorder padding="md">
          <Text size="sm" c="dimmed">{`The charts cover at most ${CHART_MAX_DAYS} days: choose a shorter range to see them.`}</Text>
        </Card>
      ) : charts.isError ? (
        <ErrorView error={charts.error} title="The charts could not be loaded." />
      ) : charts.data ? (
        <SummaryCharts projectId={projectId} charts={charts.data} />
      ) : (
        <SummaryChartsLoading />
      )}
    </>
  );
}
