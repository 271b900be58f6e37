import type { EventRecord } from '@console/contracts';

/** Events as the analytics routes answer them, for the tests of the query log, the transcript and Add to tests. */
export function eventRecord(fields: Partial<EventRecord> & Pick<EventRecord, 'utterance' | 'data'>): EventRecord {
  return {
    id: `event-${fields.utterance}`,
    issued_at: '2025-03-01T10:00:00.000Z',
    data_type: 'response',
    conv_id: 'conv-1',
    response_type: 'content',
    integration_type: 'deployment',
    input_method: 'text',
    deployment_id: null,
    content_id: null,
    reporting_id: null,
    request: null,
    response: null,
    error: null,
    subject: null,
    refusal: null,
    confidence: null,
    feedback: null,
    ...fields,
  };
}
