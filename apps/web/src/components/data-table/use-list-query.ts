import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type ListSpec } from '@console/contracts';
import {
  browserTimeZone,
  nextSort,
  pageOf,
  readListState,
  toApiQuery,
  writeListState,
  type ListState,
  type ListStatePatch,
} from './list-state';

export interface ListQueryControls {
  spec: ListSpec;
  namespace: string | undefined;
  state: ListState;
  /** The query to send to the list call (also the query key part). */
  apiQuery: Record<string, string | number>;
  page: number;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  toggleSort: (field: string) => void;
  /** Sets (or with '' / null clears) one `{field}__{comparator}` filter. */
  setFilter: (key: string, value: string | null) => void;
  /** Several filter keys in one URL change. */
  setFilters: (filters: Record<string, string | null>) => void;
  clearFilters: () => void;
}

/**
 * The query string a table has just asked for, until the router shows it. Two changes in one
 * event (or two tables on a page) then build on each other instead of on the same stale URL.
 */
let pending: { pathname: string; search: string } | null = null;

/**
 * A table's page, sort and filters, kept in the URL query string so they survive
 * reload and back; `namespace` prefixes the keys when two tables share a page; `defaultLimit` is
 * the page size of a list whose spec fixes another than DEFAULT_PAGE_SIZE (the action list's 5).
 */
export function useListQuery(
  spec: ListSpec,
  namespace?: string,
  { defaultLimit = DEFAULT_PAGE_SIZE }: { defaultLimit?: number } = {},
): ListQueryControls {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    pending = null;
  }, [pathname, search]);
  const state = useMemo(() => readListState(params, spec, namespace, defaultLimit), [params, spec, namespace, defaultLimit]);
  const apiQuery = useMemo(() => toApiQuery(state, spec, browserTimeZone()), [state, spec]);

  const update = useCallback(
    (patch: ListStatePatch, replace = false) => {
      const base = pending?.pathname === pathname ? pending.search : search;
      const next = writeListState(new URLSearchParams(base), patch, namespace, defaultLimit).toString();
      pending = { pathname, search: next ? `?${next}` : '' };
      void navigate({ pathname, search: pending.search }, { replace, preventScrollReset: true });
    },
    [navigate, pathname, search, namespace, defaultLimit],
  );

  const limit = state.limit;
  const sort = state.sort;
  const filters = state.filters;
  const setPage = useCallback((page: number) => update({ offset: Math.max(0, page - 1) * limit }), [update, limit]);
  const setLimit = useCallback((value: number) => update({ limit: value }), [update]);
  const toggleSort = useCallback((field: string) => update({ sort: nextSort(sort, field) }), [update, sort]);
  // Typing a filter replaces the history entry instead of adding one per keystroke.
  const setFilter = useCallback((key: string, value: string | null) => update({ filters: { [key]: value } }, true), [update]);
  const setFilters = useCallback(
    (next: Record<string, string | null>) => update({ filters: next }, true),
    [update],
  );
  const clearFilters = useCallback(
    () => update({ filters: Object.fromEntries(Object.keys(filters).map((key) => [key, null])) }, true),
    [update, filters],
  );

  return {
    spec,
    namespace,
    state,
    apiQuery,
    page: pageOf(state),
    setPage,
    setLimit,
    toggleSort,
    setFilter,
    setFilters,
    clearFilters,
  };
}
