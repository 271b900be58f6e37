import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { QuickReply, WebChannelConfig } from '@console/contracts';
import type { useConversation } from '../conversation';
import { dateFormatter, DATE_TIME_FORMAT } from '../format';
import { IMAGE_PROTOCOLS, safeUrl } from '../safe-url';
import type { useSpeech } from '../speech';
import type { WidgetAnswer, WidgetEvent, WidgetMode } from '../types';
import { Icon, IconButton } from './icons';
import { KbContent } from './kb-content';
import { MessageList } from './message-list';

interface ChatWindowProps {
  config: WebChannelConfig;
  mode: WidgetMode;
  maximized: boolean;
  conversation: ReturnType<typeof useConversation>;
  speech: ReturnType<typeof useSpeech>;
  links: { content?: boolean; queryLog?: boolean } | undefined;
  emit: (event: WidgetEvent) => void;
  renderAnswerFooter: ((answer: WidgetAnswer) => ReactNode) | undefined;
  callout: ReactNode;
  autoFocus: boolean;
  onClose: () => void;
  onToggleMaximized: () => void;
}

/** The chat window: a non-modal dialog named after the concierge (header, conversation, question, footer). */
export function ChatWindow(props: ChatWindowProps) {
  const { config, mode, maximized, conversation, speech, links, emit, renderAnswerFooter, callout, autoFocus, onClose, onToggleMaximized } = props;
  const floating = mode === 'floating';
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [question, setQuestion] = useState('');
  const brand = safeUrl(config.logos.brand, IMAGE_PROTOCOLS);

  useEffect(() => {
    if (autoFocus) input.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  const onAction = (action: QuickReply) => {
    if (action.type === 'event') return emit({ type: 'action-event', event: action.event, label: action.label });
    void conversation.ask(action.utterance);
    // The quick replies are disabled while the question waits: focus goes where the conversation goes on.
    input.current?.focus();
  };
  const handler = { onAction, actionsDisabled: conversation.pending };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (conversation.pending || !question.trim()) return;
    void conversation.ask(question);
    setQuestion('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (floating && event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  const clear = () => {
    conversation.clear();
    input.current?.focus();
  };

  const tools = (
    <div className="tools">
      {links?.queryLog && conversation.convId ? (
        <IconButton label="Query log" icon="log" onClick={() => emit({ type: 'navigate-query-log', conv_id: conversation.convId! })} />
      ) : null}
      {speech.supported ? (
        <IconButton label="Mute" icon={speech.muted ? 'muted' : 'sound'} pressed={speech.muted} onClick={speech.toggleMute} />
      ) : null}
      {config.allowClear ? <IconButton label="Clear" icon="clear" onClick={clear} /> : null}
      {floating ? (
        <IconButton label="Full screen" icon={maximized ? 'collapse' : 'expand'} pressed={maximized} onClick={onToggleMaximized} />
      ) : null}
      {floating ? <IconButton label="Close" icon="close" onClick={onClose} /> : null}
    </div>
  );

  return (
    <div
      className={`window ${mode}${maximized ? ' maximized' : ''}`}
      role="dialog"
      aria-label={config.concierge.name}
      onKeyDown={onKeyDown}
    >
      {config.window.omitHeader ? (
        <div className="bare-tools">{tools}</div>
      ) : (
        <header className="header">
          {brand ? <img className="brand" src={brand} alt="" /> : null}
          <div className="titles">
            <h2 className="title">{config.concierge.name}</h2>
            <p className="subtitle">{dateFormatter(config.locale, DATE_TIME_FORMAT).format(conversation.startedAt)}</p>
          </div>
          {tools}
        </header>
      )}
      {callout}
      <MessageList
        config={config}
        messages={conversation.messages}
        pending={conversation.pending}
        startedAt={conversation.startedAt}
        onOpenContent={links?.content ? (reportingId) => emit({ type: 'navigate-content', reporting_id: reportingId }) : null}
        renderAnswerFooter={renderAnswerFooter}
        sendFeedback={config.feedback ? conversation.sendFeedback : null}
        onAnswerShown={(bubble) => speech.speak(bubble.innerText || bubble.textContent || '')}
        {...handler}
      />
      <form className="control-bar" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>
          Your question
        </label>
        <input
          ref={input}
          id={inputId}
          type="text"
          autoComplete="off"
          placeholder={config.controlBar.placeholderText}
          value={question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
        />
        <button type="submit" className="send" aria-label="Send" title="Send" disabled={conversation.pending || !question.trim()}>
          <Icon name="send" />
        </button>
      </form>
      {config.footer ? (
        <footer className="footer">
          <KbContent document={config.footer} {...handler} />
        </footer>
      ) : null}
    </div>
  );
}
