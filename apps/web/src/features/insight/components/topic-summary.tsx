import { Group, Stack, Text } from '@mantine/core';
import type { Topic } from '@console/contracts';
import { counted } from '../insight-words';
import { FailureBadges } from './failure-badges';
import { TopicStatusBadge } from './topic-status';
import { TopicTrend } from './topic-trend';

/** 'Why: reason (10), other reason (2)'; nothing when there is none. */
function CountedLine({ label, entries }: { label: string; entries: readonly { name: string; count: number }[] }) {
  if (entries.length === 0) return null;
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {`${label}: `}
      </Text>
      {entries.map(({ name, count }) => `${name} (${count})`).join(', ')}
    </Text>
  );
}

/** A topic at a glance: status, counts and trend, why its questions failed and what answered them. */
export function TopicSummary({ topic }: { topic: Topic }) {
  return (
    <Stack gap="xs" component="section" aria-label="Topic">
      <Group gap="md">
        <TopicStatusBadge status={topic.status} />
        <Text size="sm">{`${counted(topic.question_count, 'question')} in ${counted(topic.conversation_count, 'conversation')}`}</Text>
        <TopicTrend topic={topic} />
        <FailureBadges failures={topic.failures} />
      </Group>
      <CountedLine label="Why" entries={topic.reasons.map(({ reason, count }) => ({ name: reason, count }))} />
      <CountedLine label="Given or nearly given" entries={topic.items.map(({ subject, count }) => ({ name: subject, count }))} />
    </Stack>
  );
}
