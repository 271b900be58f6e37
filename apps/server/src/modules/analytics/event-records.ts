import type { EventRecord } from '@console/contracts';
import { events } from '../../db/schema/index';

/**
 * An event as the analytics routes answer it (the query log's record). The request,
 * response and error named by the record are the parts of `data` of those names, taken out by
 * PostgreSQL so no one parses the stored JSON twice.
 */
export const eventRecordColumns = {
  id: events.id,
  issuedAt: events.issuedAt,
  dataType: events.dataType,
  convId: events.convId,
  utterance: events.utterance,
  responseType: events.responseType,
  integrationType: events.integrationType,
  inputMethod: events.inputMethod,
  deploymentId: events.deploymentId,
  contentId: events.contentId,
  reportingId: events.reportingId,
  data: events.data,
};

type EventRow = Pick<typeof events.$inferSelect, keyof typeof eventRecordColumns>;

export function toEventRecord(row: EventRow): EventRecord {
  const data = row.data ?? {};
  return {
    id: row.id,
    issued_at: row.issuedAt.toISOString(),
    data_type: row.dataType,
    conv_id: row.convId,
    utterance: row.utterance,
    response_type: row.responseType,
    integration_type: row.integrationType,
    input_method: row.inputMethod,
    deployment_id: row.deploymentId,
    content_id: row.contentId,
    reporting_id: row.reportingId,
    data,
    request: data.request ?? null,
    response: data.response ?? null,
    error: data.error ?? null,
  };
}

