import { Badge, Stack, Text } from '@mantine/core';
import type { Topic, TopicStatus } from '@console/contracts';
import { checkWords, latestCheckedFix } from '../insight-words';

const labels: Record<TopicStatus, string> = { open: 'Open', fixed: 'Fixed', dismissed: 'Dismissed' };
const colors: Record<TopicStatus, string> = { open: 'blue', fixed: 'green', dismissed: 'gray' };

export function TopicStatusBadge({ status }: { status: TopicStatus }) {
  return (
    <Badge variant="light" color={colors[status]} tt="none" radius="sm">
      {labels[status]}
    </Badge>
  );
}

/** A topic's status and, once fixed, where its newest fix's check stands. */
export function TopicStatusCell({ topic }: { topic: Pick<Topic, 'status' | 'fixes'> }) {
  const fix = latestCheckedFix(topic.fixes);
  return (
    <Stack gap={2} align="flex-start">
      <TopicStatusBadge status={topic.status} />
      {fix && (
        <Text size="xs" c="dimmed">
          {checkWords(fix.check)}
        </Text>
      )}
    </Stack>
  );
}
