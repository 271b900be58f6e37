import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { summaryLabels, type Summary, type SummaryCount } from '@console/contracts';
import { countLink } from '../analytics-links';
import type { DashboardFilters } from '../dashboard-filters';

const counts = Object.keys(summaryLabels) as SummaryCount[];

interface SummaryTilesProps {
  projectId: string;
  filters: DashboardFilters;
  /** undefined while the counts load. */
  summary: Summary | undefined;
}

/** The dashboard's counts (summaryLabels), each a link to the questions or conversations behind it. */
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
    </SimpleGrid>
  );
}
