import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { statusLabels } from '@console/contracts';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/format';
import type { DataTableColumn } from './data-table';

/**
 * 'Name': sorted and filtered by the record's name field (`display_name`, or `name` where the record
 * calls it so); a link to the row's page when `to` is given.
 */
export function nameColumn<T extends { id: string }>(to?: (id: string) => string, field: keyof T & string = 'display_name' as keyof T & string): DataTableColumn<T> {
  return {
    key: 'name',
    header: 'Name',
    sortField: field,
    filterField: field,
    render: (row) =>
      to ? (
        <Anchor component={Link} to={to(row.id)} size="sm">
          {String(row[field])}
        </Anchor>
      ) : (
        String(row[field])
      ),
  };
}

/** 'Modified': sorted by updated_at; a date filter only where the list allows one. */
export function modifiedColumn<T extends { updated_at: string }>({ filterable = false } = {}): DataTableColumn<T> {
  return {
    key: 'modified',
    header: 'Modified',
    sortField: 'updated_at',
    ...(filterable && { filterField: 'updated_at' }),
    render: (row) => formatDateTime(row.updated_at),
  };
}

/** 'Status': sorted and filtered (the filter's choices under the badges' labels), shown as a StatusBadge. */
export function statusColumn<T extends { status: string }>(): DataTableColumn<T> {
  return {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    filterField: 'status',
    filterLabels: statusLabels,
    render: (row) => <StatusBadge status={row.status} />,
  };
}
