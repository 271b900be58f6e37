import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ConversationSummary } from '@console/contracts';
import { DetailList } from '@/components/detail-list';
import { formatDateTime } from '@/lib/format';
import { integrationTypeLabels } from '../event-labels';

/** Where a conversation took place: the Real-Time Test, or the deployment it came through. */
function origin(summary: ConversationSummary): string {
  if (summary.integration_type === 'realtime') return integrationTypeLabels.realtime;
  return summary.deployment_name ?? '—';
}

/** A conversation's summary: where and when it took place, the counts of its events and of its rated answers. */
export function ConversationSummaryCards({ summary }: { summary: ConversationSummary }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
      <Card withBorder padding="md" component="section" aria-label="Conversation details">
        <DetailList
          items={[
            { label: 'Conv ID', value: <Text ff="monospace" size="xs">{summary.conv_id}</Text> },
            { label: 'Deployment', value: origin(summary) },
            { label: 'First Event', value: formatDateTime(summary.issued_at) },
            { label: 'Last Event', value: formatDateTime(summary.last_issued_at) },
          ]}
        />
      </Card>
      <Card withBorder padding="md" component="section" aria-label="Conversation counts">
        <DetailList
          items={[
            { label: 'Events', value: summary.event_count },
            { label: 'Requests', value: summary.request_count },
            { label: 'Responses', value: summary.response_count },
            { label: 'Errors', value: summary.error_count },
            { label: 'Out of Scope', value: summary.oos_count },
            { label: 'Liked Answers', value: summary.liked_count },
            { label: 'Disliked Answers', value: summary.disliked_count },
          ]}
        />
      </Card>
    </SimpleGrid>
  );
}
