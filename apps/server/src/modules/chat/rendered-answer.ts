import type { AnswerResult, ConversationState } from '@console/engine';
import { eventRecord, type NewEvent } from './event-records';

/** What the events of a question carry besides the engine's reply. */
export type EventBase = Omit<NewEvent, 'id' | 'issuedAt' | 'dataType' | 'data' | 'responseType' | 'contentId' | 'reportingId'>;

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
}

/** An answer ready to store and send: its JSON, the question's two event records, and the conversation after it. */
export interface RenderedAnswer {
  body: string;
  events: string[];
  state: ConversationState;
}

/** The `request` event of a question, stored with its answer or its error. */
export function requestRecord({ event, receivedAt, turn, request }: Question): string {
  return eventRecord({ ...event, issuedAt: receivedAt, dataType: 'request', data: { turn, request } });
}

/** Renders the engine's result as the answer's JSON and the `request` and `response` events. */
export function renderAnswer(question: Question, result: AnswerResult, answeredAt: Date): RenderedAnswer {
  const { reply, trace, state } = result;
  const { event, turn } = question;
  const chatAnswer = { conv_id: question.convId, ...reply };
  // The question as the engine read it: the next turn's context, also after a process restart.
  const rephrased = state.turns.at(-1)?.rephrased ?? question.utterance;
  const events = [
    requestRecord(question),
    eventRecord({
      ...event,
      issuedAt: answeredAt,
      dataType: 'response',
      responseType: reply.response_type,
      contentId: reply.content_id,
      reportingId: reply.reporting_id,
      data: { turn, response: chatAnswer, trace, rephrased },
    }),
  ];
  const body = JSON.stringify(question.withTrace ? { ...chatAnswer, trace } : chatAnswer);
  return { body, events, state };
}
