import { useEffect, useRef, type ReactNode } from 'react';
import type { KbDocument, WebChannelConfig } from '@console/contracts';
import type { Message } from '../conversation';
import { dateFormatter, TIME_FORMAT } from '../format';
import { IMAGE_PROTOCOLS, safeUrl } from '../safe-url';
import type { ChatTransport, WidgetAnswer } from '../types';
import { AnswerFeedback } from './answer-feedback';
import { KbContent } from './kb-content';
import { QuickReplies, type ActionHandler } from './quick-replies';

interface MessageListProps extends ActionHandler {
  config: WebChannelConfig;
  messages: readonly Message[];
  pending: boolean;
  startedAt: Date;
  /** 'Open content' under content answers. */
  onOpenContent: ((reportingId: string) => void) | null;
  renderAnswerFooter: ((answer: WidgetAnswer) => ReactNode) | undefined;
  /** Thumbs under each answer (the channel asks for feedback and the transport can send it). */
  sendFeedback: ChatTransport['sendFeedback'] | null;
  /** Called with each new answer's bubble, whose text is read aloud. */
  onAnswerShown: (bubble: HTMLElement) => void;
}

/** The conversation as a log that screen readers announce politely, newest at the bottom. */
export function MessageList({ config, messages, pending, startedAt, onOpenContent, renderAnswerFooter, sendFeedback, onAnswerShown, ...handler }: MessageListProps) {
  const log = useRef<HTMLDivElement>(null);
  const newestAnswer = useRef<HTMLDivElement>(null);
  const spoken = useRef<number | null>(null);
  const time = dateFormatter(config.locale, TIME_FORMAT);
  const icon = safeUrl(config.logos.icon, IMAGE_PROTOCOLS);
  const last = messages.at(-1);

  useEffect(() => {
    log.current?.scrollTo?.({ top: log.current.scrollHeight });
    if (last?.from === 'concierge' && spoken.current !== last.id && newestAnswer.current) {
      spoken.current = last.id;
      onAnswerShown(newestAnswer.current);
    }
  }, [last, pending, onAnswerShown]);

  const conciergeBubble = (key: string | number, at: Date, document: KbDocument, extra?: ReactNode, isNewest = false) => (
    <div key={key} className="row concierge">
      <div className="turn">
        {icon ? <img className="avatar" src={icon} alt="" /> : null}
        <div className="bubble" ref={isNewest ? newestAnswer : undefined}>
          <KbContent document={document} {...handler} />
        </div>
      </div>
      {extra}
      <time dateTime={at.toISOString()}>{time.format(at)}</time>
    </div>
  );

  return (
    <div ref={log} className="log" role="log" aria-live="polite" aria-busy={pending} aria-label="Conversation" tabIndex={0}>
      {config.bubbles.welcomeMessage ? conciergeBubble('welcome', startedAt, config.bubbles.welcomeMessage) : null}
      {messages.map((message) => {
        if (message.from === 'visitor') {
          return (
            <div key={message.id} className="row visitor">
              <div className="bubble">{message.text}</div>
              <time dateTime={message.at.toISOString()}>{time.format(message.at)}</time>
            </div>
          );
        }
        if (message.from === 'error') return conciergeBubble(message.id, message.at, config.bubbles.errorMessage);
        const { answer } = message;
        const extra = (
          <>
            <QuickReplies actions={answer.actions} {...handler} />
            {onOpenContent && answer.response_type === 'content' && answer.reporting_id ? (
              <button type="button" className="link-button" onClick={() => onOpenContent(answer.reporting_id!)}>
                Open content
              </button>
            ) : null}
            {sendFeedback && answer.answer_id ? <AnswerFeedback answerId={answer.answer_id} send={sendFeedback} /> : null}
            {renderAnswerFooter?.(answer)}
          </>
        );
        return conciergeBubble(message.id, message.at, answer.response, extra, message === last);
      })}
      {pending ? (
        <div className="row concierge">
          <div className="typing">
            <span className="visually-hidden">The assistant is typing</span>
            <i />
            <i />
            <i />
          </div>
        </div>
      ) : null}
    </div>
  );
}
