import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { Anchor, Card, Center, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { Link } from 'react-router';
import { TOP_ITEMS_SAMPLE, summaryLabels, type SummaryCharts as Charts } from '@console/contracts';
import { projectPaths } from '@/config/paths';
import { TopList } from './top-list';

/** A chart's day ('YYYY-MM-DD' in the browser's zone) as a short date of the browser's locale. */
function shortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** While the charts load: a card of about their height, so the page moves little when they arrive. */
export function SummaryChartsLoading() {
  return (
    <Card withBorder padding="md">
      <Center h={240} role="status" aria-label="Loading charts">
        <Loader />
      </Center>
    </Card>
  );
}

/**
 * The dashboard's charts (issue 6): questions and out-of-scope answers per day, the content answered
 * most and the questions most often out of scope; each content item links to its page.
 */
export function SummaryCharts({ projectId, charts }: { projectId: string; charts: Charts }) {
  const questions = charts.days.reduce((sum, day) => sum + day.request_count, 0);
  if (questions === 0) {
    return (
      <Card withBorder padding="xl">
        <Center>
          <Text c="dimmed">No questions in this range.</Text>
        </Center>
      </Card>
    );
  }

  return (
    <>
      <ChartCard title="Questions per day">
        <BarChart
          h={240}
          data={charts.days}
          dataKey="day"
          series={[
            { name: 'request_count', label: summaryLabels.request_count, color: 'blue.6' },
            { name: 'oos_count', label: summaryLabels.oos_count, color: 'orange.6' },
          ]}
          withLegend
          xAxisProps={{ tickFormatter: shortDay }}
          yAxisProps={{ allowDecimals: false }}
          tooltipProps={{ labelFormatter: (day) => shortDay(String(day)) }}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
        <ChartCard title="Top content">
          {charts.top_content.length === 0 ? (
            <Empty>No answers from content in this range.</Empty>
          ) : (
            <TopList
              label="Top content"
              color="blue.6"
              items={charts.top_content.map((item) => ({
                key: item.content_id,
                count: item.count,
                label: (
                  <Anchor component={Link} to={projectPaths.content.to(projectId, item.content_id)} size="sm">
                    {item.subject ?? 'Deleted content'}
                  </Anchor>
                ),
              }))}
            />
          )}
        </ChartCard>
        <ChartCard title="Top out-of-scope questions">
          {charts.top_oos.length === 0 ? (
            <Empty>No out-of-scope questions in this range.</Empty>
          ) : (
            <TopList
              label="Top out-of-scope questions"
              color="orange.6"
              items={charts.top_oos.map((item) => ({ key: item.utterance, count: item.count, label: item.utterance }))}
            />
          )}
        </ChartCard>
      </SimpleGrid>
      {charts.sampled >= TOP_ITEMS_SAMPLE && (
        <Text size="xs" c="dimmed" mt="xs">
          {`The top lists are read from the newest ${TOP_ITEMS_SAMPLE.toLocaleString()} answers of the range.`}
        </Text>
      )}
    </>
  );
}
