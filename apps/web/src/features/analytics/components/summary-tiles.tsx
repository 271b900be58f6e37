import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { likedRate, summaryLabels, type Summary, type SummaryCount } from '@console/contracts';
import { countLink } from '../analytics-links';
import type { DashboardFilters } from '../dashboard-filters';

const counts = Object.keys(summaryLabels) as SummaryCount[];

interface SummaryTilesProps {
  projectId: string;
  filters: DashboardFilters;
  /** undefined while the counts load. */
  summary: Summary | undefined;
}

const LIKED_RATE = 'Liked Rate';

/** The share of rated answers liked, as a whole percentage; '—' when none was rated. */
export function likedRateText(summary: Pick<Summary, 'liked_count' | 'disliked_count'>): string {
  const rate = likedRate(summary);
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/**
 * The dashboard's counts (summaryLabels), each a link to the questions or conversations behind it, and
 * the share of rated answers liked.
 */
export function SummaryTiles({ projectId, filters, summary }: SummaryTilesProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mb="md" component="section" aria-label="Summary">
      {counts.map((count) =>
        summary ? (
          <Card
            key={count}
            component={Link}
            to={countLink(projectId, count, filters)}
            withBorder
            padding="sm"
            aria-label={`${summaryLabels[count]}: ${summary[count].toLocaleString()}`}
          >
            <Text size="sm" c="dimmed">
              {summaryLabels[count]}
            </Text>
            <Text size="xl" fw={700}>
              {summary[count].toLocaleString()}
            </Text>
          </Card>
        ) : (
          <Card key={count} withBorder padding="sm" aria-hidden="true">
            <Text size="sm" c="dimmed">
              {summaryLabels[count]}
            </Text>
            <Skeleton height={28} width="40%" mt={4} />
          </Card>
        ),
      )}
      <Card
        withBorder
        padding="sm"
        role={summary ? 'group' : undefined}
        aria-label={summary ? `${LIKED_RATE}: ${likedRateText(summary)}` : undefined}
        aria-hidden={summary ? undefined : true}
      >
        <Text size="sm" c="dimmed">
          {LIKED_RATE}
        </Text>
        {summary ? (
          <Text size="xl" fw={700}>
            {likedRateText(summary)}
          </Text>
        ) : (
          <Skeleton height={28} width="40%" mt={4} />
        )}
      </Card>
    </SimpleGrid>
  );
}
