import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconArrowsSort, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResponse } from '@console/contracts';
import { errorDetail } from '@/lib/api-client';
import { FilterBar, type FilterField } from './filter-bar';
import { PAGE_SIZES, pageCount, toApiFilters } from './list-state';
import { RowMenu } from './row-menu';
import { PageCheckbox, SelectionBar, useRowSelection, type RowSelection, type RowSelectionControls } from './row-selection';
import type { ListQueryControls } from './use-list-query';

export interface DataTableColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The list's sort field; makes the header a sort button. */
  sortField?: string;
  /** The list's filter field; adds a control to the filter bar (kind and values from the ListSpec). */
  filterField?: string;
  /** How a select filter's values read (the API's names otherwise). */
  filterLabels?: Record<string, string>;
  width?: number | string;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology (e.g. 'Users'). */
  label: string;
  columns: DataTableColumn<T>[];
  list: ListQueryControls;
  query: Pick<UseQueryResult<ListResponse<T>>, 'data' | 'error' | 'isError' | 'isPending' | 'isFetching'>;
  rowKey: (row: T) => string;
  /** The row's name, for its menu button ('Actions for {name}'). */
  rowName?: (row: T) => string;
  /** Menu.Item elements of the row menu; a row with none gets no menu. */
  rowMenu?: (row: T) => ReactNode;
  /** Filters of fields no column shows (an event log's type or deployment), after the columns' own. */
  filters?: FilterField[];
  /** What a row shows when expanded (an event's JSON): adds a first column of toggles ('Details of {name}'). */
  rowDetail?: (row: T) => ReactNode;
  /**
   * Acting on many rows at once: a first column of checkboxes (the header's for the page), the offer
   * to select every row the filters match, and a bar above the table with these actions for what is
   * selected; `clear` empties the selection once an action is done. Without it, no checkboxes.
   */
  bulkActions?: (selection: RowSelection, clear: () => void) => ReactNode;
  /**
   * The selection, kept by the page (made with useRowSelection) when something beside the table acts
   * on it, as the resolver's fixes do: the checkboxes and the bar as for bulk actions, with the
   * bulk actions (if any) in the bar.
   */
  selection?: RowSelectionControls;
  /**
   * What an empty list says while no filter is set: nothing was searched, so it names what to create
   * first (with filters set, the list says nothing matched them instead).
   */
  empty?: EmptyState;
}

interface EmptyState {
  /** One line, e.g. 'No workspaces yet.' */
  title: string;
  /** What to do about it, e.g. who creates the first one and with which button. */
  hint?: ReactNode;
}

const DEFAULT_EMPTY: EmptyState = { title: 'Nothing here yet.' };
const NO_MATCH: EmptyState = { title: 'No results were found.', hint: 'Try adjusting your search parameters.' };

const SKELETON_ROWS = 3;
const noActions = () => null;

function SortHeader({ column, list }: { column: DataTableColumn<unknown>; list: ListQueryControls }) {
  const field = column.sortField!;
  const active = list.state.sort?.field === field ? list.state.sort.direction : null;
  const Icon = active === 'ascending' ? IconArrowUp : active === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => list.toggleSort(field)}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit', fontSize: 'inherit' }}
    >
      {column.header}
      <Icon size={14} stroke={1.6} aria-hidden="true" style={{ opacity: active ? 1 : 0.4 }} />
      {active && <VisuallyHidden>{`, sorted ${active}`}</VisuallyHidden>}
    </UnstyledButton>
  );
}

/**
 * The console's list table: sortable headers, a filter bar, paging with a
 * page-size choice, all state in the URL (useListQuery); loading, failed and empty states (the
 * page's own empty state, or 'No results were found.' when filters are set); an optional row menu,
 * optional row details that expand below their row, and optional selection for bulk actions.
 */
export function DataTable<T>({
  label,
  columns,
  list,
  query,
  rowKey,
  rowName,
  rowMenu,
  filters = [],
  rowDetail,
  bulkActions,
  selection: keptSelection,
  empty = DEFAULT_EMPTY,
}: DataTableProps<T>) {
  const records = query.isError ? [] : (query.data?.records ?? []);
  const total = query.isError ? 0 : (query.data?.total ?? 0);
  const pages = pageCount(total, list.state.limit);
  const selectable = bulkActions !== undefined || keptSelection !== undefined;
  const span = columns.length + (rowMenu ? 1 : 0) + (rowDetail ? 1 : 0) + (selectable ? 1 : 0);
  const ownSelection = useRowSelection(toApiFilters(list.state, list.spec), total);
  const selection = keptSelection ?? ownSelection;
  const pageKeys = records.map(rowKey);
  const detailId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggleDetail = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const filterFields: FilterField[] = [
    ...columns
      .filter((column) => column.filterField)
      .map((column) => ({ field: column.filterField!, header: column.header, labels: column.filterLabels })),
    ...filters,
  ];
  // A page past the end (the last row of the last page was deleted, or a stale link): go to the last page.
  const pastEnd = !query.isPending && !query.isError && !query.isFetching && list.page > pages;
  const { setPage } = list;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);
  const emptyState = Object.keys(list.state.filters).length > 0 ? NO_MATCH : empty;
  const sizes = (PAGE_SIZES as readonly number[]).includes(list.state.limit)
    ? PAGE_SIZES.map(String)
    : [...PAGE_SIZES, list.state.limit].sort((a, b) => a - b).map(String);

  return (
    <Stack gap="sm">
      {filterFields.length > 0 && <FilterBar fields={filterFields} list={list} />}

      {query.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="An error occurred." role="alert">
          {errorDetail(query.error)}
        </Alert>
      )}

      {selectable && (
        <SelectionBar
          controls={selection}
          pageKeys={pageKeys}
          total={total}
          filtered={Object.keys(list.state.filters).length > 0}
          actions={bulkActions ?? noActions}
        />
      )}

      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing={6} aria-label={label} aria-busy={query.isFetching || undefined}>
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={40}>
                  <PageCheckbox controls={selection} pageKeys={pageKeys} />
                </Table.Th>
              )}
              {rowDetail && (
                <Table.Th w={40}>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
              )}
              {columns.map((column) => {
                const active = list.state.sort?.field === column.sortField ? list.state.sort?.direction : undefined;
                return (
                  <Table.Th key={column.key} w={column.width} aria-sort={column.sortField ? (active ?? 'none') : undefined}>
                    {column.sortField ? <SortHeader column={column as DataTableColumn<unknown>} list={list} /> : column.header}
                  </Table.Th>
                );
              })}
              {rowMenu && (
                <Table.Th w={48}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending && !query.isError
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} aria-hidden="true">
                    {Array.from({ length: span }, (_, cell) => (
                      <Table.Td key={cell}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : records.map((row, index) => {
                  const key = rowKey(row);
                  const menu = rowMenu?.(row);
                  const open = rowDetail !== undefined && expanded.has(key);
                  return (
                    <Fragment key={key}>
                      <Table.Tr>
                        {selectable && (
                          <Table.Td>
                            <Checkbox
                              aria-label={`Select ${rowName?.(row) ?? key}`}
                              checked={selection.isSelected(key)}
                              onChange={() => selection.toggle(key, pageKeys)}
                            />
                          </Table.Td>
                        )}
                        {rowDetail && (
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Details of ${rowName?.(row) ?? key}`}
                              aria-expanded={open}
                              aria-controls={open ? `${detailId}-${index}` : undefined}
                              onClick={() => toggleDetail(key)}
                            >
                              {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                            </ActionIcon>
                          </Table.Td>
                        )}
                        {columns.map((column) => (
                          <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                        ))}
                        {rowMenu && (
                          <Table.Td>
                            {menu && <RowMenu name={rowName?.(row) ?? key}>{menu}</RowMenu>}
                          </Table.Td>
                        )}
                      </Table.Tr>
                      {open && (
                        <Table.Tr id={`${detailId}-${index}`}>
                          <Table.Td colSpan={span}>{rowDetail(row)}</Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
            {!query.isPending && records.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Stack gap={2} align="center" py="md">
                    <Text fw={500}>{emptyState.title}</Text>
                    {emptyState.hint && (
                      <Text size="sm" c="dimmed" ta="center">
                        {emptyState.hint}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="table-total">
            {`${total} ${total === 1 ? 'result' : 'results'}`}
          </Text>
          {query.isFetching && !query.isPending && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <Group gap="md">
          <Group gap={6}>
            <Text size="sm" component="label" htmlFor={`${list.namespace ?? 'list'}-page-size`}>
              Rows per page
            </Text>
            <Select
              id={`${list.namespace ?? 'list'}-page-size`}
              size="xs"
              w={80}
              data={sizes}
              value={String(list.state.limit)}
              allowDeselect={false}
              onChange={(value) => value && list.setLimit(Number(value))}
            />
          </Group>
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(list.page, pages)}
            onChange={list.setPage}
            getControlProps={(control) => ({
              'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control],
            })}
            aria-label="Pages"
          />
        </Group>
      </Group>
    </Stack>
  );
}
