import { useState } from 'react';
import { SegmentedControl, Stack } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
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
import { ConversationTranscript } from './conversation-transcript';
import { feedbackColumn, queryDateColumn, responseTypeColumn } from './event-columns';
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
    feedbackColumn,
  ];
}

const eventName = (event: EventRecord) => `${dataTypeLabels[event.data_type]}: ${event.utterance}`;

/** The detail's two readings of a conversation, kept in the query string (`view=events`) so a reload keeps it. */
const VIEW_PARAM = 'view';
const views = [
  { value: 'transcript', label: 'Transcript' },
  { value: 'events', label: 'Events' },
];

/** The spec's event table: every event in the order it happened, each expanding to its trace and JSON. */
function EventTable({ projectId, convId, onAddToTests }: { projectId: string; convId: string; onAddToTests: ((event: EventRecord) => void) | undefined }) {
  const list = useListQuery(conversationEventList);
  const events = useConversationEvents(projectId, convId, list.apiQuery);
  return (
    <DataTable
      label="Events"
      columns={eventColumns(projectId)}
      list={list}
      query={events}
      rowKey={(event) => event.id}
      rowName={eventName}
      empty={{ title: 'No events yet.' }}
      rowMenu={onAddToTests ? (event) => event.data_type === 'response' && <AddToTestsMenuItem onClick={() => onAddToTests(event)} /> : undefined}
      rowDetail={(event) => (
        <Stack gap="sm">
          <EventTrace event={event} label={`Trace of ${eventName(event)}`} />
          <EventJson event={event} label={`JSON of ${eventName(event)}`} />
        </Stack>
      )}
    />
  );
}

/**
 * project/{id}/conv/{convId}: a conversation's summary, then the conversation itself: as a transcript
 * (the default: questions and answers as the visitor saw them, with how each was answered), or as its
 * events in the order they happened, each expanding to its JSON (the request, the answer and the
 * engine's trace). An answer can be added to the tests, for those who may, from either.
 */
export function ConversationDetailPage() {
  const { projectId = '', convId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const summary = useConversationSummary(projectId, convId);
  const parent = { label: 'Conversations', to: projectPaths.conversations.to(projectId) };
  const { permissions } = useProjectAccess(projectId);
  const [adding, setAdding] = useState<EventRecord | null>(null);
  const view = params.get(VIEW_PARAM) === 'events' ? 'events' : 'transcript';
  const onAddToTests = permissions.canCreateSubProject ? setAdding : undefined;

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
      <SegmentedControl
        mb="md"
        aria-label="View"
        data={views}
        value={view}
        onChange={(next) =>
          setParams(
            (current) => {
              const written = new URLSearchParams(current);
              if (next === 'events') written.set(VIEW_PARAM, next);
              else written.delete(VIEW_PARAM);
              return written;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      />
      {view === 'transcript' ? (
        <ConversationTranscript projectId={projectId} convId={convId} onAddToTests={onAddToTests} />
      ) : (
        <EventTable projectId={projectId} convId={convId} onAddToTests={onAddToTests} />
      )}
      <AddToTestsDialog projectId={projectId} event={adding} onClose={() => setAdding(null)} />
    </>
  );
}
