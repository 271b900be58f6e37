import { Badge, Group } from '@mantine/core';
import { insightFailureLabels, type InsightFailure } from '@console/contracts';
import { failureCounts } from '../insight-words';

const colors: Record<InsightFailure, string> = { oos: 'gray', low_confidence: 'yellow', disliked: 'orange', error: 'red' };

/** Why questions failed, as small badges: a topic's kinds with their counts, or one question's kinds. */
export function FailureBadges({ failures }: { failures: Partial<Record<InsightFailure, number>> | readonly InsightFailure[] }) {
  const badges = Array.isArray(failures)
    ? (failures as readonly InsightFailure[]).map((failure) => ({ failure, text: insightFailureLabels[failure] }))
    : failureCounts(failures as Partial<Record<InsightFailure, number>>).map(({ failure, label, count }) => ({ failure, text: `${label} ${count}` }));
  return (
    <Group gap={4}>
      {badges.map(({ failure, text }) => (
        <Badge key={failure} variant="light" color={colors[failure]} tt="none" radius="sm">
          {text}
        </Badge>
      ))}
    </Group>
  );
}
