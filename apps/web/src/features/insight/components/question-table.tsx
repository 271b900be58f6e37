import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { InsightQuestion, TopicDetail } from '@console/contracts';
import { DataTable, type DataTableColumn, type ListQueryControls } from '@/components/data-table';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { percent } from '../insight-words';
import { FailureBadges } from './failure-badges';

interface QuestionTableProps {
  projectId: string;
  list: ListQueryControls;
  query: Pick<UseQueryResult<TopicDetail>, 'data' | 'error' | 'isError' | 'isPending' | 'isFetching'>;
  /** The chosen questions' answer ids, kept across pages. */
  selected: ReadonlySet<string>;
  onSelect: (answerIds: readonly string[], chosen: boolean) => void;
  onClear: () => void;
}

/**
 * A topic's questions in the window, each with why it failed, what answered it and a link to its
 * conversation, to be chosen for a fix (a page at once, or one by one across pages).
 */
export function QuestionTable({ projectId, list, query, selected, onSelect, onClear }: QuestionTableProps) {
  const records = query.data?.questions ?? [];
  const onPage = records.filter((question) => selected.has(question.answer_id)).length;
  const columns: DataTableColumn<InsightQuestion>[] = [
    {
      key: 'choose',
      header: 'Choose',
      width: 70,
      render: (question) => (
        <Checkbox
          aria-label={`Choose “${question.utterance}”`}
          checked={selected.has(question.answer_id)}
          onChange={(event) => onSelect([question.answer_id], event.currentTarget.checked)}
        />
      ),
    },
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
    <Stack gap="sm">
      <Group gap="md">
        <Checkbox
          label={`Select all ${records.length} on this page`}
          checked={records.length > 0 && onPage === records.length}
          indeterminate={onPage > 0 && onPage < records.length}
          disabled={records.length === 0}
          onChange={(event) => onSelect(records.map((question) => question.answer_id), event.currentTarget.checked)}
        />
        {selected.size > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {`Clear the ${selected.size} chosen`}
          </Button>
        )}
      </Group>
      <DataTable
        label="Questions"
        columns={columns}
        list={list}
        query={{ ...query, data: query.data && { records: query.data.questions, total: query.data.total } }}
        rowKey={(question) => question.answer_id}
        empty={{ title: 'No questions of this topic in this window.', hint: 'Its questions of another window show with a longer one in the Inbox.' }}
      />
    </Stack>
  );
}
