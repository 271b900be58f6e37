import { describe, expect, it } from 'vitest';
import { listQuerySchema, summaryFilters } from '@console/contracts';
import { dayBoundary } from '@/components/data-table/list-state';
import { addDays, rangeDays, readDashboardFilters, summaryQuery, writeDashboardFilter } from './dashboard-filters';

const today = new Date(2026, 2, 15, 18, 30);
const read = (query: string) => readDashboardFilters(new URLSearchParams(query), today);

describe('readDashboardFilters', () => {
  it('defaults to the last 30 days, today included, every deployment and no Real-Time Test', () => {
    expect(read('')).toEqual({ from: '2026-02-14', to: '2026-03-15', deploymentKey: null, realtime: false });
    expect(rangeDays(read(''))).toBe(30);
  });

  it('reads the range, deployment and Real-Time Test switch under the lists’ names', () => {
    expect(read('issued_at__gte=2026-01-01&issued_at__lte=2026-01-31&deployment_key__eq=prod-key&include_realtime__eq=true')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      deploymentKey: 'prod-key',
      realtime: true,
    });
  });

  it('counts a missing start back from the chosen end', () => {
    expect(read('issued_at__lte=2026-01-31').from).toBe('2026-01-02');
  });

  it('ignores what a list would ignore', () => {
    expect(read('issued_at__gte=yesterday&deployment_key__eq=%20%20&deployment_key__like=x&include_realtime__eq=yes')).toEqual(read(''));
    expect(read('include_realtime__eq=false').realtime).toBe(false);
  });
});

describe('days', () => {
  it('steps across months, years and daylight-saving changes', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(rangeDays({ from: '2026-03-28', to: '2026-03-30' })).toBe(3);
    expect(rangeDays({ from: '2026-03-02', to: '2026-03-01' })).toBe(0);
  });
});

describe('writeDashboardFilter', () => {
  it('sets and removes one filter, keeping the others', () => {
    const params = new URLSearchParams('issued_at__gte=2026-01-01');
    expect(writeDashboardFilter(params, 'deploymentKey', 'k').toString()).toBe('issued_at__gte=2026-01-01&deployment_key__eq=k');
    expect(writeDashboardFilter(params, 'from', null).toString()).toBe('');
    expect(writeDashboardFilter(params, 'realtime', true).toString()).toBe('issued_at__gte=2026-01-01&include_realtime__eq=true');
    expect(writeDashboardFilter(new URLSearchParams('include_realtime__eq=true'), 'realtime', false).toString()).toBe('');
  });
});

describe('summaryQuery', () => {
  it('sends whole days in the browser’s zone with the zone, and the deployment when one is chosen', () => {
    const filters = { from: '2026-01-01', to: '2026-01-31', deploymentKey: null, realtime: false };
    expect(summaryQuery(filters, 'Europe/Paris')).toEqual({
      issued_at__gte: dayBoundary('2026-01-01', 'start'),
      issued_at__lte: dayBoundary('2026-01-31', 'end'),
      tz: 'Europe/Paris',
    });
    expect(summaryQuery({ ...filters, deploymentKey: 'k' }, undefined)).toMatchObject({ deployment_key__eq: 'k' });
    expect(summaryQuery({ ...filters, realtime: true }, undefined)).toMatchObject({ include_realtime__eq: 'true' });
    expect(summaryQuery(filters, undefined)).not.toHaveProperty('tz');
    expect(summaryQuery(filters, undefined)).not.toHaveProperty('include_realtime__eq');
  });

  it('is a query the server accepts', () => {
    const parsed = listQuerySchema(summaryFilters).safeParse(summaryQuery({ ...read(''), deploymentKey: 'k', realtime: true }, 'UTC'));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.filters.map((filter) => `${filter.field}__${filter.comparator}`)).toEqual([
      'issued_at__gte',
      'issued_at__lte',
      'deployment_key__eq',
      'include_realtime__eq',
    ]);
  });
});
