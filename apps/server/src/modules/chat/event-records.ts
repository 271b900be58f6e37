import { v7 as timeOrderedId } from 'uuid';
import type { events } from '../../db/schema/index';

export type NewEvent = typeof events.$inferInsert;

/**
 * An event as the batch insert reads it: one JSON object with the table's column names, rendered
 * where the event is made (the answering worker renders a question's two events while it answers),
 * so the thread that takes requests only joins strings. Its id is a UUIDv7, increasing in the order
 * the records are made: a question and its answer stamped in the same millisecond still list and
 * export question first (the log orders by time, then id).
 */
export function eventRecord(row: NewEvent): string {
  return JSON.stringify({
    id: row.id ?? timeOrderedId(),
    project_id: row.projectId,
    deployment_id: row.deploymentId ?? null,
    snapshot_id: row.snapshotId ?? null,
    conv_id: row.convId,
    issued_at: row.issuedAt,
    data_type: row.dataType,
    utterance: row.utterance,
    response_type: row.responseType ?? null,
    integration_type: row.integrationType,
    input_method: row.inputMethod,
    content_id: row.contentId ?? null,
    reporting_id: row.reportingId ?? null,
    visitor_id: row.visitorId ?? null,
    data: row.data ?? {},
  });
}

/** The columns of an event record, in the order the insert names them. */
export const EVENT_RECORD_COLUMNS = [
  'id',
  'project_id',
  'deployment_id',
  'snapshot_id',
  'conv_id',
  'issued_at',
  'data_type',
  'utterance',
  'response_type',
  'integration_type',
  'input_method',
  'content_id',
  'reporting_id',
  'visitor_id',
  'data',
] as const;
