import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { EventRecord } from '@console/contracts';
import type { DataTableColumn, FilterField, FilterOption } from '@/components/data-table';
import { projectPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { responseTypeLabels } from '@/lib/response-types';
import { confidenceText, dataTypeLabels, feedbackLabels } from '../event-labels';
import { FeedbackMark } from './feedback-mark';

/** The columns and filters the analytics lists share. */

/** 'Query Date': when the event (or a conversation's first question) happened, in the browser's locale and zone. */
export function queryDateColumn<T extends { issued_at: string }>(): DataTableColumn<T> {
  return {
    key: 'issued_at',
    header: 'Query Date',
    sortField: 'issued_at',
    filterField: 'issued_at',
    render: (row) => formatDateTime(row.issued_at),
  };
}

/** 'Response Type' of an answer ('—' for a request or an error); an answer from content links to it. */
export function responseTypeColumn(projectId: string): DataTableColumn<EventRecord> {
  return {
    key: 'response_type',
    header: 'Response Type',
    filterField: 'response_type',
    filterLabels: responseTypeLabels,
    render: (event) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{event.response_type ? responseTypeLabels[event.response_type] : '—'}</Text>
        {event.content_id && (
          <Anchor component={Link} to={projectPaths.content.to(projectId, event.content_id)} size="sm">
            Open content
          </Anchor>
        )}
      </Group>
    ),
  };
}

/** 'Confidence' of an answer (0.82; '—' for an error or a request), filtered by a range from 0 to 1. */
export const confidenceColumn: DataTableColumn<EventRecord> = {
  key: 'confidence',
  header: 'Confidence',
  filterField: 'confidence',
  render: (event) => confidenceText(event.confidence),
};

/** 'Feedback': the visitor's thumb, its comment on hover; filtered by rating or none. */
export const feedbackColumn: DataTableColumn<EventRecord> = {
  key: 'feedback',
  header: 'Feedback',
  filterField: 'feedback',
  filterLabels: feedbackLabels,
  render: (event) => (event.feedback ? <FeedbackMark feedback={event.feedback} /> : null),
};

/** The event type, a filter of lists that show no column for it. */
export const dataTypeFilter: FilterField = { field: 'data_type', header: 'Type', labels: dataTypeLabels };
export const responseTypeFilter: FilterField = { field: 'response_type', header: 'Response Type', labels: responseTypeLabels };
export const feedbackFilter: FilterField = { field: 'feedback', header: 'Feedback', labels: feedbackLabels };
/** Off by default: the Real-Time Test's questions are a team's own trials, not its visitors'. */
export const realtimeFilter: FilterField = { field: 'include_realtime', header: 'Include Real-Time Test', asSwitch: true };

/** The deployment an event came through, chosen by name (the Real-Time Test's events have none). */
export function deploymentFilter(options: FilterOption[]): FilterField {
  return { field: 'deployment_key', header: 'Deployment', options };
}
