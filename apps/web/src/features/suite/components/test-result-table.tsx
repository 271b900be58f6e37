import { useMemo } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import { stepName, testCaseExpectationLabels, testResultList, type TestResult } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { QuestionCell } from '@/components/question-cell';
import { TraceView } from '@/components/trace-view';
import { useIntentOptions } from '@/hooks/use-flow-options';
import { sequenceApi } from '@/lib/api/sequence-api';
import { responseTypeLabels } from '@/lib/response-types';
import { useTestResults } from '../api/get-test-results';
import { passedLabels } from '../suite-labels';

/** The project's intents and sequence steps by id, to name what an answer was classified as or where its flow stood. */
function useAnswerNames(projectId: string) {
  const intents = useIntentOptions(projectId);
  const { data: sequences } = sequenceApi.useAll(projectId, 'name');
  return useMemo(() => {
    const intentNames = new Map(intents.map((intent) => [intent.value, intent.label]));
    const steps = new Map(sequences?.flatMap((sequence) => sequence.nodes.map((node) => [`${sequence.id}/${node.id}`, stepName(sequence.name, node)] as const)));
    return {
      intent: (id: string) => intentNames.get(id) ?? id,
      step: (step: { sequence_id: string; node_id: string }) => steps.get(`${step.sequence_id}/${step.node_id}`) ?? `${step.sequence_id} › ${step.node_id}`,
    };
  }, [intents, sequences]);
}

type AnswerNames = ReturnType<typeof useAnswerNames>;

function resultColumns(names: AnswerNames): DataTableColumn<TestResult>[] {
  return [
    {
      key: 'passed',
      header: 'Result',
      filterField: 'passed',
      filterLabels: passedLabels,
      width: 90,
      render: (result) => (
        <Badge variant="light" color={result.passed ? 'green' : 'red'} tt="none" radius="sm">
          {result.passed ? passedLabels.true : passedLabels.false}
        </Badge>
      ),
    },
    {
      key: 'question',
      header: 'Question',
      filterField: 'question',
      render: (result) => <QuestionCell question={result.question} context={result.context} />,
    },
    {
      key: 'expected',
      header: 'Expected',
      render: (result) => (
        <Stack gap={0}>
          <Text size="sm">{testCaseExpectationLabels[result.expect.type]}</Text>
          {result.expect_label && (
            <Text size="xs" c="dimmed">
              {result.expect_label}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'got',
      header: 'Got',
      render: ({ answer }) => (
        <Stack gap={0}>
          <Text size="sm">{`${responseTypeLabels[answer.response_type]}${answer.subject ? `: ${answer.subject}` : ''}`}</Text>
          {answer.intent_id && (
            <Text size="xs" c="dimmed">
              {`Intent: ${names.intent(answer.intent_id)}`}
            </Text>
          )}
          {answer.step && (
            <Text size="xs" c="dimmed">
              {`Step: ${names.step(answer.step)}`}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'reason', header: 'Reason', render: (result) => result.reason || '—' },
  ];
}

const resultName = (result: TestResult) => result.question;

/** A result's answer as the visitor would read it, then how the engine came to it. */
function ResultDetail({ result }: { result: TestResult }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Answer
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label={`Answer to ${resultName(result)}`}>
        {result.answer.text || '—'}
      </Text>
      {result.answer.confidence !== null && (
        <Text size="xs" c="dimmed">
          {`Confidence ${result.answer.confidence.toFixed(2)}`}
        </Text>
      )}
      <TraceView trace={result.trace} label={`Trace of ${resultName(result)}`} />
    </Stack>
  );
}

/**
 * A run's results in the cases' order: passed or failed, the question with its earlier questions, what
 * was expected and what was got, why it failed; filtered to the failures in one choice; each row opens
 * to the answer and its trace. Read again while the run runs.
 */
export function TestResultTable({ projectId, runId, running }: { projectId: string; runId: string; running: boolean }) {
  const list = useListQuery(testResultList);
  const query = useTestResults(projectId, runId, list.apiQuery, running);
  const names = useAnswerNames(projectId);
  return (
    <DataTable
      label="Results"
      columns={resultColumns(names)}
      list={list}
      query={query}
      rowKey={(result) => result.case_id}
      rowName={resultName}
      rowDetail={(result) => <ResultDetail result={result} />}
      empty={{ title: running ? 'No case has been answered yet.' : 'This run has no results.' }}
    />
  );
}
