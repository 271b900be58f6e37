import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { auditEntryList, type AuditChange, type AuditEntry } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditEntries, type AuditScope } from '../api/get-audit-entries';
import { auditActionLabels, auditActorLabels, auditResourceLabels } from './audit-labels';

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One line of what an entry did: the changed fields (before → after), else its details' fields. */
export function detailSummary(details: AuditEntry['details']): string {
  const changes = details.changes as AuditChange | undefined;
  if (changes) return Object.entries(changes).map(([field, change]) => `${field}: ${shown(change.before)} → ${shown(change.after)}`).join('; ');
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([field, value]) => `${field}: ${shown(value)}`)
    .join('; ');
}

const columns: DataTableColumn<AuditEntry>[] = [
  { key: 'created_at', header: 'When', render: (entry) => formatDateTime(entry.created_at), sortField: 'created_at', filterField: 'created_at', width: 170 },
  {
    key: 'action',
    header: 'Action',
    render: (entry) => auditActionLabels[entry.action],
    sortField: 'action',
    filterField: 'action',
    filterLabels: auditActionLabels,
  },
  {
    key: 'actor_label',
    header: 'Who',
    sortField: 'actor_label',
    filterField: 'actor_label',
    render: (entry) => (
      <>
        <Text size="sm">{entry.actor_label}</Text>
        {entry.actor_type !== 'user' && (
          <Text size="xs" c="dimmed">
            {auditActorLabels[entry.actor_type]}
          </Text>
        )}
      </>
    ),
  },
  { key: 'address', header: 'Address', filterField: 'address', render: (entry) => <Text ff="monospace" size="xs">{entry.address ?? '—'}</Text> },
  {
    key: 'resource_label',
    header: 'Resource',
    sortField: 'resource_label',
    filterField: 'resource_label',
    render: (entry) => (
      <>
        <Text size="sm">{entry.resource_label || '—'}</Text>
        <Text size="xs" c="dimmed">
          {auditResourceLabels[entry.resource_type]}
        </Text>
      </>
    ),
  },
  {
    key: 'details',
    header: 'Details',
    render: (entry) => (
      <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
        {detailSummary(entry.details) || '—'}
      </Text>
    ),
  },
];

/**
 * The audit log as a list (the console's filters, sort and paging, all in the URL) with Export CSV
 * of what the filters select; each row opens to its full details.
 */
export function AuditLogTable({ scope, namespace }: { scope: AuditScope; namespace?: string }) {
  const list = useListQuery(auditEntryList, namespace);
  const query = useAuditEntries(scope, list.apiQuery);
  const exporter = useExportAuditLog(scope);
  return (
    <Stack gap="sm">
      <Group justify="flex-end" gap="xs">
        {exporter.isError && (
          <Text size="xs" c="red.7" role="alert">
            {`The export failed. ${errorMessage(exporter.error)}`}
          </Text>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate(list.apiQuery)}
        >
          Export CSV
        </Button>
      </Group>
      <DataTable
        label="Audit Log"
        columns={columns}
        list={list}
        query={query}
        rowKey={(entry) => entry.id}
        rowName={(entry) => `${auditActionLabels[entry.action]} ${formatDateTime(entry.created_at)}`}
        filters={[{ field: 'resource_type', header: 'Resource type', labels: auditResourceLabels }]}
        rowDetail={(entry) => <Code block>{JSON.stringify({ ...entry.details, actor_id: entry.actor_id, resource_id: entry.resource_id }, null, 2)}</Code>}
        empty={{ title: 'No entries yet.', hint: 'Sign-ins, role changes, API keys, deploys and settings changes appear here as they happen.' }}
      />
    </Stack>
  );
}
