import { eq } from 'drizzle-orm';
import type { EventRecord, Feedback } from '@console/contracts';
import { events, feedback } from '../../db/schema/index';

/**
 * An event as the analytics routes answer it (the query log's record). The request,
 * response and error named by the record are the parts of `data` of those names, taken out by
 * PostgreSQL so no one parses the stored JSON twice; the visitor's feedback comes from its own table,
 * joined on the answer's id (`withFeedback`).
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
  feedbackRating: feedback.rating,
  feedbackComment: feedback.comment,
  feedbackUpdatedAt: feedback.updatedAt,
};

/** The feedback an answer has (at most one: it is keyed by the answer's event id). */
export const feedbackOfEvent = eq(feedback.answerId, events.id);

type EventRow = Pick<typeof events.$inferSelect, 'id' | 'issuedAt' | 'dataType' | 'convId' | 'utterance' | 'responseType' | 'integrationType' | 'inputMethod' | 'deploymentId' | 'contentId' | 'reportingId' | 'data'> & {
  feedbackRating: Feedback['rating'] | null;
  feedbackComment: string | null;
  feedbackUpdatedAt: Date | null;
};

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A stage's data in a stored trace (traces written before a field existed simply lack it). */
function stageOf(trace: unknown, stage: string): Record<string, unknown> | null {
  if (!Array.isArray(trace)) return null;
  return record((trace as unknown[]).map(record).find((step) => step?.stage === stage)?.data);
}

/**
 * What the lists show of a stored answer without opening it: what answered (the item the rerank
 * chose, else the classifier's content label; a flow's step by its sequence), why it was refused, and
 * its confidence. Read from `data`, which the record carries anyway.
 */
export function answerFacts(responseType: EventRecord['response_type'], data: Record<string, unknown>): Pick<EventRecord, 'subject' | 'refusal' | 'confidence'> {
  const classify = stageOf(data.trace, 'classify');
  const chosen = record(stageOf(data.trace, 'rerank')?.chosen);
  const label = record(classify?.label);
  const flow = record(classify?.flow);
  const response = record(data.response);
  const subject =
    responseType === 'content'
      ? (text(chosen?.subject) ?? (label?.kind === 'content' ? text(label.subject) : null))
      : responseType === 'scenario'
        ? text(record(flow?.sequence)?.name)
        : null;
  const confidence = response?.confidence;
  return {
    subject,
    refusal: responseType === 'oos' ? text(classify?.refusal) : null,
    confidence: typeof confidence === 'number' && Number.isFinite(confidence) ? confidence : null,
  };
}

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
    ...answerFacts(row.responseType, data),
    feedback:
      row.feedbackRating && row.feedbackUpdatedAt
        ? { answer_id: row.id, rating: row.feedbackRating, comment: row.feedbackComment ?? '', updated_at: row.feedbackUpdatedAt.toISOString() }
        : null,
  };
}
