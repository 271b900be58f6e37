import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, apiKeyList, defineList } from '@console/contracts';
import {
  dayBoundary,
  filterKey,
  nextSort,
  pageCount,
  pageOf,
  readListState,
  toApiQuery,
  writeListState,
} from './list-state';

const spec = defineList({
  sortable: ['display_name', 'status', 'updated_at'],
  filters: {
    display_name: { kind: 'text' },
    status: { kind: 'select', values: ['active', 'inactive'] },
    updated_at: { kind: 'date' },
    count: { kind: 'number' },
  },
});

const read = (query: string, namespace?: string) => readListState(new URLSearchParams(query), spec, namespace);

describe('readListState', () => {
  it('defaults to the first page of DEFAULT_PAGE_SIZE in the list order', () => {
    expect(read('')).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0, sort: null, filters: {} });
  });

  it('reads paging, sort and filters', () => {
    expect(
      read('limit=25&offset=50&sort_field=display_name&sort_direction=descending&display_name__like=ann&status__neq=active'),
    ).toEqual({
      limit: 25,
      offset: 50,
      sort: { field: 'display_name', direction: 'descending' },
      filters: { display_name__like: 'ann', status__neq: 'active' },
    });
  });

  it('gives a sort field without direction its natural direction', () => {
    expect(read('sort_field=updated_at').sort).toEqual({ field: 'updated_at', direction: 'descending' });
    expect(read('sort_field=display_name').sort).toEqual({ field: 'display_name', direction: 'ascending' });
  });

  it('ignores what the list would refuse', () => {
    const state = read(
      'limit=abc&offset=-1&sort_field=password&display_name__eq2=x&status__eq=deleted&status__like=a&secret__like=x&updated_at__gte=yesterday&count__gte=ten&display_name__like=',
    );
    expect(state).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0, sort: null, filters: {} });
    expect(read('limit=500').limit).toBe(DEFAULT_PAGE_SIZE);
    expect(read('limit=0').limit).toBe(DEFAULT_PAGE_SIZE);
  });

  it('reads a key filter as an exact match, never a blank one', () => {
    const keyed = defineList({ sortable: ['issued_at'], filters: { deployment_key: { kind: 'key' } } });
    const filters = (query: string) => readListState(new URLSearchParams(query), keyed).filters;
    expect(filters('deployment_key__eq=prod-1')).toEqual({ deployment_key__eq: 'prod-1' });
    expect(filters('deployment_key__eq=%20&deployment_key__like=prod&deployment_key__neq=prod')).toEqual({});
  });

  it('keeps offsets on a page boundary', () => {
    expect(read('limit=10&offset=15').offset).toBe(10);
  });

  it('keeps namespaced tables apart', () => {
    const query = 'user.limit=50&user.display_name__like=ann&workspace.offset=10&display_name__like=bob';
    expect(read(query, 'user')).toMatchObject({ limit: 50, offset: 0, filters: { display_name__like: 'ann' } });
    expect(read(query, 'workspace')).toMatchObject({ limit: 10, offset: 10, filters: {} });
    expect(read(query)).toMatchObject({ limit: 10, offset: 0, filters: { display_name__like: 'bob' } });
  });
});

describe('writeListState', () => {
  const write = (query: string, patch: Parameters<typeof writeListState>[1], namespace?: string) =>
    writeListState(new URLSearchParams(query), patch, namespace).toString();

  it('writes the page as an offset and leaves defaults out', () => {
    expect(write('', { offset: 20 })).toBe('offset=20');
    expect(write('offset=20', { offset: 0 })).toBe('');
    expect(write('limit=25', { limit: DEFAULT_PAGE_SIZE })).toBe('');
  });

  it('goes back to the first page when the size, sort or a filter changes', () => {
    expect(write('offset=20', { limit: 50 })).toBe('limit=50');
    expect(write('offset=20', { sort: { field: 'status', direction: 'ascending' } })).toBe(
      'sort_field=status&sort_direction=ascending',
    );
    expect(write('offset=20', { filters: { [filterKey('display_name', 'like')]: 'ann' } })).toBe('display_name__like=ann');
  });

  it('removes emptied filters', () => {
    expect(write('display_name__like=ann&status__eq=active', { filters: { display_name__like: '', status__eq: null } })).toBe('');
  });

  it('prefixes keys with the namespace and leaves other keys alone', () => {
    expect(write('workspace.offset=10&tab=x', { offset: 30, limit: 25 }, 'user')).toBe(
      'workspace.offset=10&tab=x&user.limit=25&user.offset=30',
    );
  });

  it('round-trips through readListState', () => {
    const query = write('', { limit: 25, sort: { field: 'status', direction: 'descending' }, filters: { status__eq: 'active' } }, 'k');
    expect(read(query, 'k')).toEqual({
      limit: 25,
      offset: 0,
      sort: { field: 'status', direction: 'descending' },
      filters: { status__eq: 'active' },
    });
  });
});

describe('nextSort', () => {
  it('starts a column in its natural direction and flips it on the next click', () => {
    expect(nextSort(null, 'updated_at')).toEqual({ field: 'updated_at', direction: 'descending' });
    expect(nextSort(null, 'display_name')).toEqual({ field: 'display_name', direction: 'ascending' });
    expect(nextSort({ field: 'display_name', direction: 'ascending' }, 'display_name').direction).toBe('descending');
    expect(nextSort({ field: 'display_name', direction: 'descending' }, 'display_name').direction).toBe('ascending');
    expect(nextSort({ field: 'display_name', direction: 'descending' }, 'expires_at')).toEqual({
      field: 'expires_at',
      direction: 'descending',
    });
  });
});

describe('paging helpers', () => {
  it('numbers pages from 1 and has at least one', () => {
    expect(pageOf({ limit: 10, offset: 0 })).toBe(1);
    expect(pageOf({ limit: 10, offset: 30 })).toBe(4);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('toApiQuery', () => {
  it('sends paging, sort, filters and the time zone', () => {
    const state = read('limit=25&offset=25&sort_field=status&display_name__like=ann&count__lte=40');
    expect(toApiQuery(state, spec, 'Europe/Paris')).toEqual({
      limit: 25,
      offset: 25,
      sort_field: 'status',
      sort_direction: 'ascending',
      display_name__like: 'ann',
      count__lte: '40',
      tz: 'Europe/Paris',
    });
  });

  it('widens date filters to whole days in the browser zone', () => {
    const state = read('updated_at__gte=2026-03-01&updated_at__lte=2026-03-02');
    const query = toApiQuery(state, spec);
    expect(query.updated_at__gte).toBe(dayBoundary('2026-03-01', 'start'));
    expect(query.updated_at__lte).toBe(dayBoundary('2026-03-02', 'end'));
    const start = new Date(query.updated_at__gte as string);
    const end = new Date(query.updated_at__lte as string);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([2026, 2, 1, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getMilliseconds()]).toEqual([2, 23, 59, 999]);
    expect(query).not.toHaveProperty('tz');
  });

  it('produces a query the server accepts', async () => {
    const { listQuerySchema } = await import('@console/contracts');
    const state = readListState(
      new URLSearchParams('limit=50&sort_field=expires_at&display_name__like=k&status__eq=inactive&expires_at__lte=2030-01-01'),
      apiKeyList,
    );
    const query = Object.fromEntries(Object.entries(toApiQuery(state, apiKeyList, 'UTC')).map(([k, v]) => [k, String(v)]));
    const parsed = listQuerySchema(apiKeyList).safeParse(query);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.sort).toEqual({ field: 'expires_at', direction: 'descending' });
  });
});

describe('a list with its own page size', () => {
  it('reads and leaves out its default instead of DEFAULT_PAGE_SIZE', () => {
    expect(readListState(new URLSearchParams(''), spec, 'action', 5).limit).toBe(5);
    expect(readListState(new URLSearchParams('action.limit=10'), spec, 'action', 5).limit).toBe(10);
    expect(writeListState(new URLSearchParams('action.limit=10'), { limit: 5 }, 'action', 5).toString()).toBe('');
    expect(writeListState(new URLSearchParams(''), { limit: 10 }, 'action', 5).toString()).toBe('action.limit=10');
  });
});
