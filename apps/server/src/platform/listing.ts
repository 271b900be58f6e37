import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  filterComparators,
  listQuerySchema,
  sortDirections,
  type FilterSpec,
  type ListFilter,
  type ListQuery,
  type ListSpec,
} from '@console/contracts';
import { documentedAs } from './openapi';

/**
 * The one implementation of the list contract (docs/architecture.md §3): filters, order (with the id as
 * tiebreaker so pages never overlap), limit/offset and the total. The query string was already
 * parsed by the contracts' `listQuerySchema(spec)`, so every field and comparator here is one the
 * list declared; values reach SQL only as bound parameters.
 */

export type ListColumn = AnyColumn | SQL;
export type ListColumns<Spec extends ListSpec> = Record<
  Spec['sortable'][number] | Extract<keyof Spec['filters'], string>,
  ListColumn
>;

/** `%`, `_` and `\` are literal in a "contains" filter. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterCondition(column: ListColumn, filter: ListFilter): SQL {
  const { comparator, value } = filter;
  // Dates are compared as timestamps; the parameter is cast so both engines read it alike.
  const bound = value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`;
  switch (comparator) {
    case 'like':
      return sql`${column}::text ILIKE ${`%${escapeLike(String(value))}%`} ESCAPE '\\'`;
    case 'eq':
      return sql`${column} = ${bound}`;
    case 'neq':
      return sql`${column} IS DISTINCT FROM ${bound}`;
    case 'gte':
      return sql`${column} >= ${bound}`;
    case 'lte':
      return sql`${column} <= ${bound}`;
  }
}

/** The WHERE of a list: the caller's base condition and every filter of the query. */
export function listWhere(
  columns: Record<string, ListColumn>,
  query: Pick<ListQuery, 'filters'>,
  base?: SQL,
): SQL | undefined {
  const conditions = query.filters.map((filter) => {
    const column = columns[filter.field];
    // Unreachable when the spec and the column map agree; a mismatch is a server bug, not bad input.
    if (!column) throw new Error(`list column missing for filter field ${filter.field}`);
    return filterCondition(column, filter);
  });
  return and(base, ...conditions);
}

/**
 * ORDER BY the sort field, then the id, so equal values never swap between pages. Text fields (those
 * the spec filters as text) sort case-insensitively: 'alice' next to 'Alan', not after 'Zed'.
 */
export function listOrder(
  spec: ListSpec,
  columns: Record<string, ListColumn>,
  query: Pick<ListQuery, 'sort'>,
  id: AnyColumn,
): SQL[] {
  const field = query.sort.field;
  const column = columns[field];
  if (!column) throw new Error(`list column missing for sort field ${field}`);
  const direction = query.sort.direction === 'ascending' ? asc : desc;
  const isText = (spec.filters as Record<string, { kind: string } | undefined>)[field]?.kind === 'text';
  return isText ? [direction(sql`lower(${column})`), direction(column), direction(id)] : [direction(column), direction(id)];
}

interface ListSource<Rows extends PgSelect, Count extends PgSelect> {
  /** The record query without WHERE/ORDER/LIMIT: `db.select({...}).from(...).$dynamic()`. */
  rows: Rows;
  /** The same FROM (and joins) selecting `{ total: count() }`, also `$dynamic()`. */
  count: Count;
  /** What the caller may see at all (a workspace's rows, the caller's memberships). */
  where?: SQL | undefined;
  /** The tiebreaker column (the table's id). */
  id: AnyColumn;
}

export async function listPage<Spec extends ListSpec, Rows extends PgSelect, Count extends PgSelect>(
  spec: Spec,
  query: ListQuery,
  columns: ListColumns<Spec>,
  source: ListSource<Rows, Count>,
): Promise<{ records: Awaited<Rows>; total: number }> {
  const where = listWhere(columns, query, source.where);
  const records = (await source.rows
    .where(where)
    .orderBy(...listOrder(spec, columns, query, source.id))
    .limit(query.limit)
    .offset(query.offset)) as Awaited<Rows>;
  const [counted] = (await source.count.where(where)) as { total: number | string }[];
  return { records, total: Number(counted?.total ?? 0) };
}

/**
 * The route's querystring schema: exactly the contracts' `listQuerySchema(spec)` (which validates),
 * documented in /api/docs as a plain object of the same parameters, because the validating schema
 * is a record with a transform and documents as nothing useful.
 */
export function listQuery<const Sortable extends string, const Filterable extends string>(spec: ListSpec<Sortable, Filterable>) {
  return documentedAs(listQuerySchema(spec), describeListQuery(spec));
}

function filterValue(filter: FilterSpec): z.ZodType {
  switch (filter.kind) {
    case 'select':
      return z.enum(filter.values);
    case 'date':
      return z.string().describe('ISO 8601 date or date-time');
    case 'number':
      return filter.bounds ? z.number().min(filter.bounds.min).max(filter.bounds.max) : z.number();
    case 'text':
    case 'key':
      return z.string();
  }
}

function describeListQuery(spec: ListSpec): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    offset: z.number().int().min(0).default(0),
    sort_field: z.enum(spec.sortable as [string, ...string[]]).describe(`default ${spec.defaultSort?.field ?? 'updated_at'}`),
    sort_direction: z.enum(sortDirections),
    tz: z.string().describe('IANA time zone (kept for date bucketing)'),
  };
  for (const [field, filter] of Object.entries(spec.filters as Record<string, FilterSpec>)) {
    for (const comparator of filterComparators[filter.kind]) {
      shape[`${field}__${comparator}`] = filterValue(filter).describe(comparator === 'like' ? 'contains, case-insensitive' : comparator);
    }
  }
  return z.object(shape).partial();
}
