import { Anchor, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Inbox, Topic } from '@console/contracts';
import { DataTable, type DataTableColumn, type ListQueryControls } from '@/components/data-table';
import { projectPaths } from '@/config/paths';
import { FailureBadges } from './failure-badges';
import { SampleQuestions } from './sample-questions';
import { TopicStatusCell } from './topic-status';
import { TopicTrend } from './topic-trend';

/** How many of the items given or nearly given a row names. */
const ITEMS_SHOWN = 3;

interface TopicTableProps {
  projectId: string;
  list: ListQueryControls;
  query: Pick<UseQueryResult<Inbox>, 'data' | 'error' | 'isError' | 'isPending' | 'isFetching'>;
  /** The inbox's window, deployment and threshold, kept in each topic's link to the resolver. */
  filters: URLSearchParams;
}

/**
 * The window's topics by impact: each opens the resolver on its questions of the same window; a
 * row's details show its sample questions, each opening its conversation.
 */
export function TopicTable({ projectId, list, query, filters }: TopicTableProps) {
  const columns: DataTableColumn<Topic>[] = [
    {
      key: 'label',
      header: 'Topic',
      render: (topic) => (
        <Anchor component={Link} to={projectPaths.resolver.to(projectId, topic.id, filters)} size="sm" fw={500}>
          {topic.label}
        </Anchor>
      ),
    },
    { key: 'questions', header: 'Questions', render: (topic) => topic.question_count.toLocaleString('en-US') },
    { key: 'conversations', header: 'Conversations', render: (topic) => topic.conversation_count.toLocaleString('en-US') },
    { key: 'trend', header: 'Trend', render: (topic) => <TopicTrend topic={topic} /> },
    {
      key: 'why',
      header: 'Why',
      width: 240,
      render: (topic) => (
        <Stack gap={4}>
          <FailureBadges failures={topic.failures} />
          {topic.reasons[0] && (
            <Text size="xs" c="dimmed">
              {topic.reasons[0].reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'items',
      header: 'Given or nearly given',
      render: (topic) =>
        topic.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Stack gap={0}>
            {topic.items.slice(0, ITEMS_SHOWN).map((item) => (
              <Text key={item.content_id} size="sm">
                {`${item.subject} (${item.count})`}
              </Text>
            ))}
          </Stack>
        ),
    },
    { key: 'status', header: 'Status', render: (topic) => <TopicStatusCell topic={topic} /> },
  ];

  return (
    <DataTable
      label="Topics"
      columns={columns}
      list={list}
      query={query}
      rowKey={(topic) => topic.id}
      rowName={(topic) => topic.label}
      rowDetail={(topic) => <SampleQuestions projectId={projectId} questions={topic.samples} />}
      empty={{
        title: 'No failed questions in this window.',
        hint: 'Questions refused as out of scope, answered with low confidence, disliked or ended in an error show here, grouped by meaning. Try a longer window, another deployment or a higher threshold.',
      }}
    />
  );
}
