import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight, IconSparkles } from '@tabler/icons-react';
import type { Topic } from '@console/contracts';
import { trendOf, type TrendDirection } from '../insight-words';

const icons: Record<TrendDirection, typeof IconArrowRight> = { new: IconSparkles, up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight };
// More failed questions than before is the bad news.
const colors: Record<TrendDirection, string> = { new: 'orange.8', up: 'red.8', down: 'green.8', flat: 'dimmed' };

/** A topic's trend against the previous window: an arrow and '+25%', or 'new'. */
export function TopicTrend({ topic }: { topic: Pick<Topic, 'question_count' | 'previous_count'> }) {
  const trend = trendOf(topic);
  const Icon = icons[trend.direction];
  return (
    <Group gap={2} wrap="nowrap" c={colors[trend.direction]} aria-label={trend.label} role="img">
      <Icon size={14} aria-hidden="true" />
      <Text size="sm" c="inherit" aria-hidden="true">
        {trend.text}
      </Text>
    </Group>
  );
}
