import { answerFailed, CHAT_UTTERANCE_MAX, type RedactionKind } from '@console/contracts';
import type { AnswerResult, ConversationState } from '@console/engine';
import { redactText, redactToFit, redactValue } from '../privacy/redaction';
import { renderedEventRecord, timeOrderedId, type EventBase, type RenderedEvent } from './event-records';

/** A question with what its answer and events need, as the answering worker receives it. */
export interface Question {
  utterance: string;
  state: ConversationState | null;
  convId: string;
  turn: number;
  /** The request as the client sent it, kept in the events. */
  request: Record<string, unknown>;
  event: EventBase;
  receivedAt: Date;
  /** The Real-Time Test's answer carries the engine's trace. */
  withTrace: boolean;
  /** The personal data its events are redacted of (the project's privacy settings); the answer itself is not. */
  redaction: RedactionKind[];
}

/** An answer ready to store and send: its JSON, the question's two event records, and the conversation after it. */
export interface RenderedAnswer {
  body: string;
  events: RenderedEvent[];
  state: ConversationState;
  /** Refused, or answered below the inbox's highest threshold: the inbox groups it (modules/insight). */
  failed: boolean;
  /**
   * Whether redaction changed what the events keep of the conversation's state (the remembered
   * turns' words, a flow's slot values): then the state as typed is kept apart for a while, so
   * another process goes on exactly as this one would (conversations.ts).
   */
  stateRedacted: boolean;
}

/** A question's event fields as stored: its utterance redacted, within the length the chat API takes. */
export function storedEventBase(event: EventBase, redaction: readonly RedactionKind[]): EventBase {
  if (!redaction.length) return event;
  const utterance = redactToFit(event.utterance, redaction, CHAT_UTTERANCE_MAX);
  return utterance === event.utterance ? event : { ...event, utterance };
}

/** The `request` event of a question, stored with its answer or its error. */
export function requestRecord({ event, receivedAt, turn, request, redaction }: Pick<Question, 'event' | 'receivedAt' | 'turn' | 'request' | 'redaction'>): RenderedEvent {
  return renderedEventRecord(storedEventBase(event, redaction), { issuedAt: receivedAt, dataType: 'request' }, JSON.stringify({ turn, request: redactValue(request, redaction) }));
}

/** A value's JSON as stored: `json` itself when redaction finds nothing in the value, so a clean answer is rendered once. */
function storedJson(value: unknown, json: string, redaction: readonly RedactionKind[]): string {
  const redacted = redactValue(value, redaction);
  return redacted === value ? json : JSON.stringify(redacted);
}

/**
 * Renders the engine's result as the answer's JSON and the `request` and `response` events. The
 * answer and the trace are each rendered once, and their JSON spliced into the response event's data
 * and (for the Real-Time Test) into the body: on the busiest path, rendering them again for each
 * place cost as much as answering. The answer names its response event (`answer_id`), which a
 * visitor's feedback names in turn.
 */
export function renderAnswer(question: Question, result: AnswerResult, answeredAt: Date): RenderedAnswer {
  const { reply, trace, state } = result;
  const { event, turn, redaction } = question;
  // The question's record is made first: ids increase in the order they are made, and the log lists
  // a question before its answer stamped in the same millisecond.
  const request = requestRecord(question);
  const answerId = timeOrderedId();
  // Named field by field: JSON.stringify takes a slow path through objects made by spreading.
  const answer = {
    conv_id: question.convId,
    answer_id: answerId,
    response_type: reply.response_type,
    content_id: reply.content_id,
    reporting_id: reply.reporting_id,
    response: reply.response,
    actions: reply.actions,
    confidence: reply.confidence,
  };
  const answerJson = JSON.stringify(answer);
  const traceJson = JSON.stringify(trace);
  // The question as the engine read it, and the topic a follow-up leaned on: the next turn's context,
  // also after a process restart.
  const last = state.turns.at(-1);
  const rephrased = redactText(last?.rephrased ?? question.utterance, redaction);
  const thread = last?.thread ? `,"thread":${JSON.stringify(redactValue(last.thread, redaction))}` : '';
  const flow = state.flow ? `,"flow":${JSON.stringify(redactValue(state.flow, redaction))}` : '';
  const data = `{"turn":${turn},"response":${storedJson(answer, answerJson, redaction)},"trace":${storedJson(trace, traceJson, redaction)},"rephrased":${JSON.stringify(rephrased)}${thread}${flow}}`;
  const events = [
    request,
    renderedEventRecord(
      storedEventBase(event, redaction),
      { id: answerId, issuedAt: answeredAt, dataType: 'response', responseType: reply.response_type, contentId: reply.content_id, reportingId: reply.reporting_id },
      data,
    ),
  ];
  const body = question.withTrace ? `${answerJson.slice(0, -1)},"trace":${traceJson}}` : answerJson;
  const failed = answerFailed(reply.response_type, reply.confidence);
  return { body, events, state, failed, stateRedacted: redactValue(state, redaction) !== state };
}
