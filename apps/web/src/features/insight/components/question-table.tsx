import { Anchor, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { InsightQuestion, TopicDetail } from '@console/contracts';
import { DataTable, type DataTableColumn, type ListQueryControls, type RowSelectionControls } from '@/components/data-table';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { percent } from '../insight-words';
import { FailureBadges } from './failure-badges';

interface QuestionTableProps {
  projectId: string;
  list: ListQueryControls;
  query: Pick<UseQueryResult<TopicDetail>, 'data' | 'error' | 'isError' | 'isPending' | 'isFetching'>;
  /** The questions chosen for a fix, kept by the page across the table's pages; none for those who cannot fix. */
  selection: RowSelectionControls | undefined;
}

/**
 * A topic's questions in the window, each with why it failed, what answered it and a link to its
 * conversation, to be chosen for a fix (one by one across pages, a page at once, or all).
 */
export function QuestionTable({ projectId, list, query, selection }: QuestionTableProps) {
  const columns: DataTableColumn<InsightQuestion>[] = [
    {
      key: 'utterance',
      header: 'Question',
      render: (question) => (
        <Anchor component={Link} to={projectPaths.conversation.to(projectId, question.conv_id)} size="sm">
          {question.utterance}
        </Anchor>
      ),
    },
    {
      key: 'why',
      header: 'Why',
      render: (question) => (
        <Stack gap={4}>
          <FailureBadges failures={question.failures} />
          {question.refusal && (
            <Text size="xs" c="dimmed">
              {question.refusal}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'confidence', header: 'Confidence', render: (question) => percent(question.confidence) },
    { key: 'subject', header: 'Given', render: (question) => question.subject ?? '—' },
    { key: 'asked_at', header: 'Asked', render: (question) => formatDateTime(question.asked_at) },
  ];

  return (
    <DataTable
      label="Questions"
      columns={columns}
      list={list}
      query={{ ...query, data: query.data && { records: query.data.questions, total: query.data.total } }}
      rowKey={(question) => question.answer_id}
      rowName={(question) => question.utterance}
      selection={selection}
      empty={{ title: 'No questions of this topic in this window.', hint: 'Its questions of another window show with a longer one in the Inbox.' }}
    />
  );
}
