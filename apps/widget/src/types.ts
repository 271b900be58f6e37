import type { ReactNode, Ref } from 'react';
import type { ChatAnswer, FeedbackRating, InputMethod, TraceStep, WebChannelConfig } from '@console/contracts';

/** An answer as the widget receives it: the Real-Time Test's answers also carry the engine's trace. */
export type WidgetAnswer = ChatAnswer & { trace?: TraceStep[] };

/** A question as the widget sends it (the body of the chat query routes). */
export interface WidgetQuery {
  utterance: string;
  conv_id?: string;
  input_method: InputMethod;
}

/** How the widget asks: the standalone widget POSTs to the public chat API, the console to its project route. */
export interface ChatTransport {
  /** Rejects with a QueryFailed when the question was not answered. */
  query(body: WidgetQuery): Promise<WidgetAnswer>;
  /**
   * Sends the visitor's thumbs (and comment) on an answer, replacing what they sent before on it;
   * rejects when it was not stored. A transport without it shows no thumbs.
   */
  sendFeedback?(answerId: string, rating: FeedbackRating, comment?: string): Promise<unknown>;
}

/**
 * A question the assistant did not answer; `convId` is the conversation the server kept it in (a
 * flow's failed step), so the visitor's retry goes on there, the same step asked again.
 */
export class QueryFailed extends Error {
  constructor(
    message: string,
    readonly convId: string | null = null,
  ) {
    super(message);
    this.name = 'QueryFailed';
  }
}

export type WidgetEvent =
  | { type: 'navigate-content'; reporting_id: string }
  | { type: 'navigate-query-log'; conv_id: string }
  | { type: 'action-event'; event: string; label: string }
  | { type: 'answer'; answer: ChatAnswer };

/** The channel editor's sandbox tools. */
export interface WidgetControls {
  showError(): void;
  resetSession(): void;
  showCallout(text: string, ms: number): void;
  toggleFullscreen(): void;
}

export type WidgetMode = 'floating' | 'embedded';

export interface ChatWidgetProps {
  config: WebChannelConfig;
  transport: ChatTransport;
  /**
   * 'floating': a launcher button and a window over the page (the snippet, the sandbox);
   * 'embedded': fills its container and is always open (the Real-Time Test drawer).
   */
  mode: WidgetMode;
  onEvent?: (event: WidgetEvent) => void;
  /** Show 'Open content' under content answers and 'Query log' in the header (emitting the events above). */
  links?: { content?: boolean; queryLog?: boolean };
  /** Extra content under each answer (the Real-Time Test shows the trace there). */
  renderAnswerFooter?: (answer: WidgetAnswer) => ReactNode;
  /** The sandbox's tools. */
  controlRef?: Ref<WidgetControls>;
  /** Focus the question input when the widget mounts open (the standalone widget a visitor has just opened). */
  autoFocus?: boolean;
}
