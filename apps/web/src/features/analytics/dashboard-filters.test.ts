import { describe, expect, it } from 'vitest';
import { listQuerySchema, summaryFilters } from '@console/contracts';
import { dayBoundary } from '@/components/data-table/list-state';
import { addDays, rangeDays, readDashboardFilters, summaryQuery, writeDashboardFilter } from './dashboard-filters';

const today = new Date(2026, 2, 15, 18, 30);
const read = (query: string) => readDashboardFilters(new URLSearchParams(query), today);

describe('readDashboardFilters', () => {
  it('defaults to the last 30 days, today included, and every deployment', () => {
    expect(read('')).toEqual({ from: '2026-02-14', to: '2026-03-15', deploymentKey: null });
    expect(rangeDays(read(''))).toBe(30);
  });

  it('reads the range and deployment under the lists’ names', () => {
    expect(read('issued_at__gte=2026-01-01&issued_at__lte=2026-01-31&deployment_key__eq=prod-key')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      deploymentKey: 'prod-key',
    });
  });

  it('counts a missing start back from the chosen end', () => {
    expect(read('issued_at__lte=2026-01-31').from).toBe('2026-01-02');
  });

  it('ignores what a list would ignore', () => {
    expect(read('issued_at__gte=yesterday&deployment_key__eq=%20%20&deployment_key__like=x')).toEqual(read(''));
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
  });
});

describe('summaryQuery', () => {
  it('sends whole days in the browser’s zone with the zone, and the deployment when one is chosen', () => {
    const filters = { from: '2026-01-01', to: '2026-01-31', deploymentKey: null };
    expect(summaryQuery(filters, 'Europe/Paris')).toEqual({
      issued_at__gte: dayBoundary('2026-01-01', 'start'),
      issued_at__lte: dayBoundary('2026-01-31', 'end'),
      tz: 'Europe/Paris',
    });
    expect(summaryQuery({ ...filters, deploymentKey: 'k' }, undefined)).toMatchObject({ deployment_key__eq: 'k' });
    expect(summaryQuery(filters, undefined)).not.toHaveProperty('tz');
  });

  it('is a query the server accepts', () => {
    const parsed = listQuerySchema(summaryFilters).safeParse(summaryQuery({ ...read(''), deploymentKey: 'k' }, 'UTC'));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.filters.map((filter) => `${filter.field}__${filter.comparator}`)).toEqual([
      'issued_at__gte',
      'issued_at__lte',
      'deployment_key__eq',
    ]);
  });
});
