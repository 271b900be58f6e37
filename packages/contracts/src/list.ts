import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants';
import { messages } from './messages';

/**
 * The list contract shared by every table (docs/architecture.md §3): paging, sorting and
 * filters as `{field}__{comparator}=value`. Each list declares which fields may be sorted and
 * filtered; anything else is refused with a 400, never passed on to SQL.
 */

export const MAX_PAGE_SIZE = 100;
export const sortDirections = ['ascending', 'descending'] as const;
export type SortDirection = (typeof sortDirections)[number];
export type Comparator = 'like' | 'eq' | 'neq' | 'gte' | 'lte';

/** Kinds of filter input and the comparators each offers. */
export const filterComparators = {
  text: ['like', 'eq'],
  select: ['eq', 'neq'],
  date: ['gte', 'lte'],
  number: ['gte', 'lte'],
  /** An identifier matched exactly (a deployment key): containing part of one means nothing. */
  key: ['eq'],
} as const satisfies Record<string, readonly Comparator[]>;

/** The number filter input: its bounds and the step of its arrows. */
export const NUMBER_FILTER_INPUT = { min: 0, max: 200, step: 10 } as const;

/** A number filter's own range and step (a confidence from 0 to 1 by 0.05): values outside are refused. */
export interface NumberFilterBounds {
  min: number;
  max: number;
  step: number;
}

export type FilterSpec =
  | { kind: 'text' | 'date' | 'key' }
  /** Without bounds any number is taken, and the input offers NUMBER_FILTER_INPUT's (word counts, versions). */
  | { kind: 'number'; bounds?: NumberFilterBounds }
  | { kind: 'select'; values: readonly [string, ...string[]] };

export interface ListSpec<Sortable extends string = string, Filterable extends string = string> {
  sortable: readonly Sortable[];
  filters: Record<Filterable, FilterSpec>;
  /** Default `updated_at` descending; logs use `issued_at`. */
  defaultSort?: { field: Sortable; direction: SortDirection };
}

export interface ListFilter {
  field: string;
  comparator: Comparator;
  value: string | number | Date;
}

export interface ListQuery<Sortable extends string = string> {
  limit: number;
  offset: number;
  sort: { field: Sortable; direction: SortDirection };
  filters: ListFilter[];
  tz: string | undefined;
}

/** A field's natural first direction: timestamps newest first, everything else A to Z. */
export function defaultDirectionFor(field: string): SortDirection {
  return field.endsWith('_at') ? 'descending' : 'ascending';
}

export function defineList<const Sortable extends string, const Filterable extends string>(
  spec: ListSpec<Sortable, Filterable>,
): ListSpec<Sortable, Filterable> {
  return spec;
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const integer = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: messages.notLessThan(field, min) })
    .max(max, { error: messages.notGreaterThan(field, max) });

type Parsed = { ok: true; value: string | number | Date } | { ok: false; message: string };

function parseFilterValue(spec: FilterSpec, field: string, raw: string): Parsed {
  switch (spec.kind) {
    case 'text':
      return { ok: true, value: raw };
    case 'key':
      return raw.trim() !== '' ? { ok: true, value: raw.trim() } : { ok: false, message: `${field} must be a key` };
    case 'select':
      return spec.values.includes(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: messages.oneOf(field, spec.values) };
    case 'number': {
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) return { ok: false, message: `${field} must be a number` };
      if (spec.bounds && value < spec.bounds.min) return { ok: false, message: messages.notLessThan(field, spec.bounds.min) };
      if (spec.bounds && value > spec.bounds.max) return { ok: false, message: messages.notGreaterThan(field, spec.bounds.max) };
      return { ok: true, value };
    }
    case 'date': {
      const value = new Date(raw);
      return raw.trim() !== '' && !Number.isNaN(value.getTime())
        ? { ok: true, value }
        : { ok: false, message: `${field} must be a valid date` };
    }
  }
}

/**
 * The query-string schema of one list: parses paging, sorting, `tz` and the whitelisted filters,
 * and refuses any other key or comparator with the first message as the 400 detail.
 */
export function listQuerySchema<Sortable extends string, Filterable extends string>(
  spec: ListSpec<Sortable, Filterable>,
) {
  const defaultSort = spec.defaultSort ?? {
    field: 'updated_at' as Sortable,
    direction: 'descending' as SortDirection,
  };
  return z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .transform((raw, ctx): ListQuery<Sortable> => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      const single = (key: string): string | undefined => {
        const value = raw[key];
        return Array.isArray(value) ? value.at(-1) : value;
      };

      const limit = integer('Limit', 1, MAX_PAGE_SIZE).safeParse(single('limit') ?? DEFAULT_PAGE_SIZE);
      if (!limit.success) return fail(limit.error.issues[0]!.message);
      const offset = integer('Offset', 0, Number.MAX_SAFE_INTEGER).safeParse(single('offset') ?? 0);
      if (!offset.success) return fail(offset.error.issues[0]!.message);

      const sortField = single('sort_field') ?? defaultSort.field;
      if (!(spec.sortable as readonly string[]).includes(sortField)) {
        return fail(messages.oneOf('Sort Field', spec.sortable));
      }
      const sortDirectionRaw =
        single('sort_direction') ??
        (single('sort_field') ? defaultDirectionFor(sortField) : defaultSort.direction);
      if (!(sortDirections as readonly string[]).includes(sortDirectionRaw)) {
        return fail(messages.oneOf('Sort Direction', sortDirections));
      }

      const tz = single('tz');
      if (tz !== undefined && !isValidTimeZone(tz)) return fail(`Tz must be a valid time zone: ${tz}`);

      const filterValues: Record<string, string> = {};
      for (const key of Object.keys(raw)) {
        if (!LIST_PAGING_KEYS.includes(key)) filterValues[key] = single(key) ?? '';
      }
      const filters = parseListFilters(spec, filterValues);
      if (!filters.ok) return fail(filters.message);

      return {
        limit: limit.data,
        offset: offset.data,
        sort: { field: sortField as Sortable, direction: sortDirectionRaw as SortDirection },
        filters: filters.filters,
        tz,
      };
    });
}

/** The keys of a list's query string that are not filters. */
const LIST_PAGING_KEYS: readonly string[] = ['limit', 'offset', 'sort_field', 'sort_direction', 'tz'];

/**
 * `{field}__{comparator}` -> raw value, parsed by the list's spec: the filters of a list's query string,
 * and of a call that acts on everything a list shows for them (a bulk change of content items).
 */
export function parseListFilters(
  spec: ListSpec,
  raw: Record<string, string>,
): { ok: true; filters: ListFilter[] } | { ok: false; message: string } {
  const filters: ListFilter[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const match = /^(.+)__([a-z]+)$/.exec(key);
    const field = match?.[1];
    const comparator = match?.[2] as Comparator | undefined;
    const filterSpec = field ? (spec.filters as Record<string, FilterSpec | undefined>)[field] : undefined;
    if (!field || !comparator || !filterSpec) {
      return { ok: false, message: messages.oneOf('Filter', Object.keys(spec.filters).length ? Object.keys(spec.filters) : ['none']) };
    }
    const allowed: readonly Comparator[] = filterComparators[filterSpec.kind];
    if (!allowed.includes(comparator)) return { ok: false, message: messages.oneOf(`Comparator of ${field}`, allowed) };
    const parsed = parseFilterValue(filterSpec, field, value);
    if (!parsed.ok) return parsed;
    filters.push({ field, comparator, value: parsed.value });
  }
  return { ok: true, filters };
}

/** The answer of every list: one page of records and the total that match. */
export function listResponse<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number().int() });
}
export interface ListResponse<T> {
  records: T[];
  total: number;
}
