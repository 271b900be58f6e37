import { Text } from '@mantine/core';
import { supportMessageList, type SupportInboxMessage } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { useSupportMessages } from '../api/get-support-messages';

const columns: DataTableColumn<SupportInboxMessage>[] = [
  { key: 'created_at', header: 'Sent', render: (message) => formatDateTime(message.created_at), sortField: 'created_at', filterField: 'created_at', width: 180 },
  {
    key: 'sender_email',
    header: 'From',
    filterField: 'sender_email',
    render: (message) => (
      <>
        <Text size="sm">{message.sender_name ?? message.sender_email ?? 'A deleted user'}</Text>
        {message.sender_name && message.sender_email ? (
          <Text size="xs" c="dimmed">
            {message.sender_email}
          </Text>
        ) : null}
        {!message.signed_in && message.sender_email ? (
          <Text size="xs" c="dimmed">
            Not signed in: the address was typed, not proven
          </Text>
        ) : null}
      </>
    ),
  },
  // As text: whatever anyone typed is never read as HTML.
  { key: 'message', header: 'Message', filterField: 'message', render: (message) => <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{message.message}</Text> },
];

/** The messages sent to support (super users): kept whether or not SUPPORT_EMAIL mails them on. */
export function SupportMessageTable({ namespace }: { namespace?: string }) {
  const list = useListQuery(supportMessageList, namespace);
  const query = useSupportMessages(list.apiQuery);
  return (
    <DataTable
      label="Support Messages"
      columns={columns}
      list={list}
      query={query}
      rowKey={(message) => message.id}
      empty={{ title: 'No support messages yet.', hint: 'Messages sent from Support and from Contact Us on the sign-in page appear here.' }}
    />
  );
}
