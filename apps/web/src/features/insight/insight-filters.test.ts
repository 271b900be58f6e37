import { describe, expect, it } from 'vitest';
import { INSIGHT_DEFAULT_THRESHOLD } from '@console/contracts';
import { dayBoundary } from '@/components/data-table/list-state';
import { insightApiQuery, readInsightFilters, windowParams, writeInsightFilter } from './insight-filters';

const today = new Date(2025, 2, 10, 15, 30);

describe('insight filters', () => {
  it('default to the last 7 days up to today, every deployment, the default threshold, no Real-Time Test, no dismissed topics', () => {
    expect(readInsightFilters(new URLSearchParams(), today)).toEqual({
      from: '2025-03-04',
      to: '2025-03-10',
      deploymentKey: null,
      threshold: INSIGHT_DEFAULT_THRESHOLD,
      includeRealtime: false,
      includeDismissed: false,
    });
  });

  it('ignore what the API would refuse', () => {
    const params = new URLSearchParams({ from: '2025-13-45', to: 'yesterday', threshold: '0.95', deployment_key: '  ' });
    const filters = readInsightFilters(params, today);
    expect(filters).toMatchObject({ to: '2025-03-10', from: '2025-03-04', threshold: INSIGHT_DEFAULT_THRESHOLD, deploymentKey: null });
  });

  it('keep a 7-day window before a chosen end', () => {
    expect(readInsightFilters(new URLSearchParams({ to: '2025-03-01' }), today)).toMatchObject({ from: '2025-02-23', to: '2025-03-01' });
  });

  it('write a filter back to the first page, defaults left out', () => {
    const params = new URLSearchParams({ offset: '25', threshold: '0.7' });
    expect(writeInsightFilter(params, 'threshold', INSIGHT_DEFAULT_THRESHOLD).toString()).toBe('');
    expect(writeInsightFilter(params, 'includeRealtime', true).toString()).toBe('threshold=0.7&include_realtime=true');
    expect(writeInsightFilter(params, 'includeRealtime', false).toString()).toBe('threshold=0.7');
  });

  it("carry the window, deployment, threshold and Real-Time Test to a topic's link, not the page or the dismissed switch", () => {
    const params = new URLSearchParams({ from: '2025-03-01', to: '2025-03-07', deployment_key: 'prod', threshold: '0.6', include_realtime: 'true', include_dismissed: 'true', offset: '25' });
    expect(windowParams(params).toString()).toBe('from=2025-03-01&to=2025-03-07&deployment_key=prod&threshold=0.6&include_realtime=true');
  });

  it("ask the API for whole days in the browser's zone", () => {
    const filters = readInsightFilters(new URLSearchParams({ from: '2025-03-01', to: '2025-03-07', deployment_key: 'prod', include_dismissed: 'true' }), today);
    expect(insightApiQuery(filters)).toEqual({
      from: dayBoundary('2025-03-01', 'start'),
      to: dayBoundary('2025-03-07', 'end'),
      threshold: INSIGHT_DEFAULT_THRESHOLD,
      deployment_key: 'prod',
      include_dismissed: 'true',
    });
  });
});
