import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { replayGroupLabels, type Replay, type ReplayAnswer, type ReplayItem } from '@console/contracts';
import { DataTable, type DataTableColumn, type ListQueryControls } from '@/components/data-table';
import { ErrorView } from '@/components/error-view';
import { QuestionCell } from '@/components/question-cell';
import { TraceView } from '@/components/trace-view';
import { useReplayItem } from '../api/get-replay-item';
import { useReplayItems } from '../api/get-replay-items';
import { answerWords } from '../replay-words';

const columns: DataTableColumn<ReplayItem>[] = [
  {
    key: 'question',
    header: 'Question',
    filterField: 'question',
    render: (item) => <QuestionCell question={item.question} context={item.context} />,
  },
  { key: 'asked', header: 'Asked', sortField: 'asked', width: 80, render: (item) => item.asked },
  { key: 'group', header: 'Group', filterField: 'group', filterLabels: replayGroupLabels, render: (item) => replayGroupLabels[item.group] },
  { key: 'before', header: 'Before', render: (item) => answerWords(item.before) },
  { key: 'after', header: 'After', render: (item) => answerWords(item.after) },
];

function AnswerSide({ title, answer, trace, label }: { title: string; answer: ReplayAnswer; trace: unknown[]; label: string }) {
  return (
    <Stack gap="xs">
      <Title order={5}>{title}</Title>
      <Text size="sm">{answerWords(answer)}</Text>
      {answer.confidence !== null && (
        <Text size="xs" c="dimmed">
          {`Confidence ${answer.confidence.toFixed(2)}`}
        </Text>
      )}
      <TraceView trace={trace} label={label} />
    </Stack>
  );
}

/** A replayed question's two answers side by side, each with its trace, read when the row opens. */
function ItemTraces({ projectId, replay, position }: { projectId: string; replay: Replay; position: number }) {
  const item = useReplayItem(projectId, replay.id, position);
  if (item.isPending) return <Loader size="sm" aria-label="Loading both traces" />;
  if (item.isError) return <ErrorView error={item.error} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <AnswerSide title={`Before: version ${replay.base_version}`} answer={item.data.before} trace={item.data.before_trace} label={`Trace before of ${item.data.question}`} />
      <AnswerSide title={`After: version ${replay.candidate_version}`} answer={item.data.after} trace={item.data.after_trace} label={`Trace after of ${item.data.question}`} />
    </SimpleGrid>
  );
}

/**
 * The replayed questions, filtered by group and question (in the query string), most asked first
 * unless sorted otherwise: what each got before and after; a row opens both traces side by side.
 */
export function ReplayItemTable({ projectId, replay, list }: { projectId: string; replay: Replay; list: ListQueryControls }) {
  const query = useReplayItems(projectId, replay.id, list.apiQuery);
  return (
    <DataTable
      label="Questions"
      columns={columns}
      list={list}
      query={query}
      rowKey={(item) => String(item.position)}
      rowName={(item) => item.question}
      rowDetail={(item) => <ItemTraces projectId={projectId} replay={replay} position={item.position} />}
      empty={{ title: 'No question was replayed.' }}
    />
  );
}
