import { useState } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { conversationList, queryList, type EventRecord } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { projectPaths } from '@/config/paths';
import { useProjectAccess } from '@/hooks/use-project-access';
import { exploreLink } from '../analytics-links';
import { useQueryLog } from '../api/get-query-log';
import { inputMethodLabels, integrationTypeLabels, outcomeLabels } from '../event-labels';
import { useDeploymentOptions } from '../use-deployment-options';
import { AddToTestsDialog, AddToTestsMenuItem } from './add-to-tests';
import { AnswerCell } from './answer-cell';
import { confidenceColumn, deploymentFilter, feedbackColumn, queryDateColumn, realtimeFilter, responseTypeColumn } from './event-columns';
import { EventJson } from './event-json';
import { EventTrace } from './event-trace';
import { ExportQueryLogButton } from './export-query-log-button';
import { FeedbackMark } from './feedback-mark';

function queryColumns(projectId: string): DataTableColumn<EventRecord>[] {
  return [
    {
      key: 'utterance',
      header: 'Utterance',
      render: (event) => (
        <Anchor component={Link} to={projectPaths.conversation.to(projectId, event.conv_id)} size="sm">
          {event.utterance}
        </Anchor>
      ),
    },
    { key: 'answer', header: 'Answer', render: (event) => <AnswerCell event={event} /> },
    responseTypeColumn(projectId),
    confidenceColumn,
    feedbackColumn,
    queryDateColumn(),
    {
      key: 'integration_type',
      header: 'Integration',
      filterField: 'integration_type',
      filterLabels: integrationTypeLabels,
      render: (event) => integrationTypeLabels[event.integration_type],
    },
    {
      key: 'input_method',
      header: 'Input',
      filterField: 'input_method',
      filterLabels: inputMethodLabels,
      render: (event) => inputMethodLabels[event.input_method],
    },
  ];
}

/** A question's row opened: the visitor's comment in full, the trace in words, the stored JSON. */
function QuestionDetail({ event }: { event: EventRecord }) {
  return (
    <Stack gap="sm">
      {event.feedback && <FeedbackMark feedback={event.feedback} withComment />}
      <EventTrace event={event} label={`Trace of ${event.utterance}`} />
      <EventJson event={event} label={`JSON of ${event.utterance}`} />
    </Stack>
  );
}

/**
 * project/{id}/query: the query log, one row per question (its answer or error), newest first, with
 * what answered, its confidence and the visitor's feedback; the Real-Time Test's questions only when
 * switched on. Each row opens its conversation and expands to its trace and JSON, and an answer's menu
 * adds it to the tests, for those who may. Explore By Conversation keeps the filters; Export as JSON
 * exports them.
 */
export function QueryListPage() {
  const { projectId = '' } = useParams();
  const [params] = useSearchParams();
  const list = useListQuery(queryList);
  const query = useQueryLog(projectId, list.apiQuery);
  const deployments = useDeploymentOptions(projectId);
  const { permissions } = useProjectAccess(projectId);
  const [adding, setAdding] = useState<EventRecord | null>(null);

  return (
    <>
      <PageTitle title="Query Log">
        <Group gap="xs" align="flex-start">
          <Button
            component={Link}
            to={exploreLink(projectPaths.conversations.to(projectId), params, conversationList)}
            variant="default"
            leftSection={<IconMessages size={16} />}
          >
            Explore By Conversation
          </Button>
          <ExportQueryLogButton projectId={projectId} list={list} />
        </Group>
      </PageTitle>
      <DataTable
        label="Query Log"
        columns={queryColumns(projectId)}
        filters={[{ field: 'data_type', header: 'Outcome', labels: outcomeLabels }, deploymentFilter(deployments), realtimeFilter]}
        list={list}
        query={query}
        rowKey={(event) => event.id}
        rowName={(event) => event.utterance}
        rowMenu={permissions.canCreateSubProject ? (event) => event.data_type === 'response' && <AddToTestsMenuItem onClick={() => setAdding(event)} /> : undefined}
        rowDetail={(event) => <QuestionDetail event={event} />}
        empty={{
          title: 'No queries yet.',
          hint: "They appear once visitors ask through one of the project's deployments; the Real-Time Test's questions show with Include Real-Time Test.",
        }}
      />
      <AddToTestsDialog projectId={projectId} event={adding} onClose={() => setAdding(null)} />
    </>
  );
}
