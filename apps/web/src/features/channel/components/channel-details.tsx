import { Card, Code } from '@mantine/core';
import type { Channel } from '@console/contracts';
import { DetailList } from '@/components/detail-list';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/format';
import { ChannelTypeBadge } from './channel-type-badge';

/** The header card of a channel: name, modified time, status, type and key. */
export function ChannelDetails({ channel }: { channel: Channel }) {
  return (
    <Card withBorder padding="md" component="section" aria-label="Channel details">
      <DetailList
        items={[
          { label: 'Name', value: channel.display_name },
          { label: 'Modified', value: formatDateTime(channel.updated_at) },
          { label: 'Status', value: <StatusBadge status={channel.status} /> },
          { label: 'Type', value: <ChannelTypeBadge type={channel.type} /> },
          { label: 'Key', value: <Code>{channel.key}</Code> },
        ]}
      />
    </Card>
  );
}
