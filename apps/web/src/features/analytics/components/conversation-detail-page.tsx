import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { conversationEventList, type EventRecord } from '@console/contracts';
import { DataTable, useListQuery, type DataTableColumn } from '@/components/data-table';
import { ErrorView } from '@/components/error-view';
import { FullPageLoader } from '@/components/full-page-loader';
import { ProjectSubPageHeader } from '@/components/project-sub-page-header';
import { useProjectAccess } from '@/hooks/use-project-access';
import { projectPaths } from '@/config/paths';
import { useConversationEvents } from '../api/get-conversation-events';
import { useConversationSummary } from '../api/get-conversation-summary';
import { dataTypeLabels } from '../event-labels';
import { AddToTestsDialog, AddToTestsMenuItem } from './add-to-tests';
import { ConversationSummaryCards } from './conversation-summary-cards';
import { queryDateColumn, responseTypeColumn } from './event-columns';
import { EventJson } from './event-json';
import { EventTrace } from './event-trace';

function eventColumns(projectId: string): DataTableColumn<EventRecord>[] {
  return [
    queryDateColumn(),
    {
      key: 'data_type',
      header: 'Type',
      filterField: 'data_type',
      filterLabels: dataTypeLabels,
      render: (event) => dataTypeLabels[event.data_type],
    },
    { key: 'utterance', header: 'Utterance', render: (event) => event.utterance },
    responseTypeColumn(projectId),
  ];
}

const eventName = (event: EventRecord) => `${dataTypeLabels[event.data_type]}: ${event.utterance}`;

/**
 * project/{id}/conv/{convId}: a conversation's summary and its events in the order
 * they happened, each expanding to its JSON (the request, the answer and the engine's trace), a response's
 * trace also in the Real-Time Test's words; a response's menu adds it to the tests, for those who may.
 */
export function ConversationDetailPage() {
  const { projectId = '', convId = '' } = useParams();
  const summary = useConversationSummary(projectId, convId);
  const list = useListQuery(conversationEventList);
  const events = useConversationEvents(projectId, convId, list.apiQuery);
  const parent = { label: 'Conversations', to: projectPaths.conversations.to(projectId) };
  const { permissions } = useProjectAccess(projectId);
  const [adding, setAdding] = useState<EventRecord | null>(null);

  if (summary.isPending) return <FullPageLoader label="Loading conversation" />;
  if (summary.isError) {
    return (
      <>
        <ProjectSubPageHeader parent={parent} title="Conversation" />
        <ErrorView error={summary.error} />
      </>
    );
  }

  return (
    <>
      <ProjectSubPageHeader parent={parent} title="Conversation" />
      <ConversationSummaryCards summary={summary.data} />
      <Title order={3} size="h4" mb="xs">
        Events
      </Title>
      <DataTable
        label="Events"
        columns={eventColumns(projectId)}
        list={list}
        query={events}
        rowKey={(event) => event.id}
        rowName={eventName}
        empty={{ title: 'No events yet.' }}
        rowMenu={permissions.canCreateSubProject ? (event) => event.data_type === 'response' && <AddToTestsMenuItem onClick={() => setAdding(event)} /> : undefined}
        rowDetail={(event) => (
          <Stack gap="sm">
            <EventTrace event={event} label={`Trace of ${eventName(event)}`} />
            <EventJson event={event} label={`JSON of ${eventName(event)}`} />
          </Stack>
        )}
      />
      <AddToTestsDialog projectId={projectId} event={adding} onClose={() => setAdding(null)} />
    </>
  );
}
