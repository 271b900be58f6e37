import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  defaultDirectionFor,
  filterComparators,
  sortDirections,
  type Comparator,
  type FilterSpec,
  type ListSpec,
  type SortDirection,
} from '@console/contracts';

/**
 * The state of one table (page, sort, filters) as it lives in the query string:
 * keys `limit, offset, sort_field, sort_direction, {field}__{comparator}`, each prefixed with
 * `{namespace}.` when a namespace is given, so two tables on one page keep apart. Pure functions:
 * the hook (use-list-query.ts) only wires them to the router.
 */

/** The choices of the 'Rows per page' select. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListSort {
  field: string;
  direction: SortDirection;
}

export interface ListState {
  limit: number;
  offset: number;
  /** null: the list's default order (the server's, e.g. updated_at descending). */
  sort: ListSort | null;
  /** `{field}__{comparator}` -> raw value as typed, only non-empty values. */
  filters: Record<string, string>;
}

export const filterKey = (field: string, comparator: Comparator) => `${field}__${comparator}`;

function prefixed(namespace: string | undefined, key: string): string {
  return namespace ? `${namespace}.${key}` : key;
}

function readInt(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

function filterAllowed(spec: ListSpec, field: string, comparator: string, value: string): boolean {
  const filter = (spec.filters as Record<string, FilterSpec | undefined>)[field];
  if (!filter) return false;
  if (!(filterComparators[filter.kind] as readonly string[]).includes(comparator)) return false;
  if (filter.kind === 'select') return filter.values.includes(value);
  if (filter.kind === 'number') {
    const number = Number(value);
    const bounds = filter.bounds;
    return value.trim() !== '' && Number.isFinite(number) && (!bounds || (number >= bounds.min && number <= bounds.max));
  }
  if (filter.kind === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(new Date(value).getTime());
  // The server refuses a blank key.
  if (filter.kind === 'key') return value.trim() !== '';
  return true;
}

/**
 * Reads a table's state from the query string. Anything the list does not accept (an unknown
 * sort field, a bad number, a filter the spec lacks) is ignored, so a hand-edited URL never
 * turns into a refused call.
 */
export function readListState(
  params: URLSearchParams,
  spec: ListSpec,
  namespace?: string,
  defaultLimit: number = DEFAULT_PAGE_SIZE,
): ListState {
  const get = (key: string) => params.get(prefixed(namespace, key));
  const limit = readInt(get('limit'), 1, MAX_PAGE_SIZE) ?? defaultLimit;
  const rawOffset = readInt(get('offset'), 0, Number.MAX_SAFE_INTEGER) ?? 0;
  // Offsets stay on a page boundary.
  const offset = rawOffset - (rawOffset % limit);

  let sort: ListSort | null = null;
  const sortField = get('sort_field');
  if (sortField && (spec.sortable as readonly string[]).includes(sortField)) {
    const direction = get('sort_direction');
    sort = {
      field: sortField,
      direction: (sortDirections as readonly string[]).includes(direction ?? '')
        ? (direction as SortDirection)
        : defaultDirectionFor(sortField),
    };
  }

  const filters: Record<string, string> = {};
  const prefix = namespace ? `${namespace}.` : '';
  for (const [key, value] of params) {
    if (prefix && !key.startsWith(prefix)) continue;
    const bare = key.slice(prefix.length);
    // Without a namespace, keys of namespaced tables ('project.x__like') are not ours.
    if (!prefix && bare.includes('.')) continue;
    const match = /^(.+)__([a-z]+)$/.exec(bare);
    if (!match || value === '') continue;
    if (filterAllowed(spec, match[1]!, match[2]!, value)) filters[bare] = value;
  }
  return { limit, offset, sort, filters };
}

/** The patch a user action makes; undefined leaves a part as it is. */
export interface ListStatePatch {
  limit?: number;
  offset?: number;
  sort?: ListSort | null;
  /** `{field}__{comparator}` -> value; '' or null removes the filter. */
  filters?: Record<string, string | null>;
}

/**
 * Writes a patch into a copy of the query string. Changing the page size, the sort or a filter
 * goes back to the first page; defaults are left out of the URL to keep it short.
 */
export function writeListState(
  params: URLSearchParams,
  patch: ListStatePatch,
  namespace?: string,
  defaultLimit: number = DEFAULT_PAGE_SIZE,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const key = (name: string) => prefixed(namespace, name);
  const set = (name: string, value: string | null) => {
    if (value === null || value === '') next.delete(key(name));
    else next.set(key(name), value);
  };

  const resetsPage = patch.limit !== undefined || patch.sort !== undefined || patch.filters !== undefined;
  if (patch.limit !== undefined) set('limit', patch.limit === defaultLimit ? null : String(patch.limit));
  if (patch.sort !== undefined) {
    set('sort_field', patch.sort?.field ?? null);
    set('sort_direction', patch.sort?.direction ?? null);
  }
  if (patch.filters) {
    for (const [name, value] of Object.entries(patch.filters)) set(name, value);
  }
  if (patch.offset !== undefined) set('offset', patch.offset > 0 ? String(patch.offset) : null);
  else if (resetsPage) set('offset', null);
  return next;
}

/** Clicking a column header: a new column starts in its natural direction, the same column flips. */
export function nextSort(current: ListSort | null, field: string): ListSort {
  if (current?.field === field) {
    return { field, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { field, direction: defaultDirectionFor(field) };
}

export const pageOf = (state: Pick<ListState, 'limit' | 'offset'>) => Math.floor(state.offset / state.limit) + 1;
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** A 'YYYY-MM-DD' day as an instant in the browser's zone: start of the day, or its last millisecond. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const value =
    edge === 'start' ? new Date(year, month - 1, date, 0, 0, 0, 0) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return value.toISOString();
}

/**
 * The API query of a table (docs/architecture.md §3): paging, sort, filters (date days widened to the
 * whole day in the browser's zone, so 'to' includes that day) and the time zone.
 */
export function toApiQuery(state: ListState, spec: ListSpec, tz?: string): Record<string, string | number> {
  const query: Record<string, string | number> = { limit: state.limit, offset: state.offset };
  if (state.sort) {
    query.sort_field = state.sort.field;
    query.sort_direction = state.sort.direction;
  }
  Object.assign(query, toApiFilters(state, spec));
  if (tz) query.tz = tz;
  return query;
}

/**
 * The filters of a table as the API takes them (`{field}__{comparator}` -> value), for its list call
 * and for a call acting on every row they match.
 */
export function toApiFilters(state: Pick<ListState, 'filters'>, spec: ListSpec): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(state.filters)) {
    const match = /^(.+)__([a-z]+)$/.exec(key);
    const filter = match ? (spec.filters as Record<string, FilterSpec | undefined>)[match[1]!] : undefined;
    filters[key] = filter?.kind === 'date' ? dayBoundary(value, match![2] === 'lte' ? 'end' : 'start') : value;
  }
  return filters;
}

/** The browser's IANA time zone, when it has one. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
