import { useCallback, useEffect, useImperativeHandle, useRef, useState, type CSSProperties } from 'react';
import { ChatWindow } from './components/chat-window';
import { LauncherButton } from './components/launcher-button';
import { ShadowHost } from './components/shadow-host';
import { useConfiguredState } from './configured-state';
import { useConversation } from './conversation';
import { useSpeech } from './speech';
import launcherCss from './styles/launcher.css?inline';
import widgetCss from './styles/widget.css?inline';
import { themeVariables } from './theme';
import type { ChatWidgetProps, WidgetAnswer, WidgetEvent, WidgetMode } from './types';

const css = launcherCss + widgetCss;
/** Floating: the host takes no room of the page (the launcher and window are fixed to the viewport). */
const HOST_STYLE: Record<WidgetMode, CSSProperties> = {
  floating: { display: 'contents' },
  embedded: { display: 'block', width: '100%', height: '100%' },
};

/** The chat widget: one channel's configuration, a transport to ask through, rendered in its own shadow root. */
export function ChatWidget({ config, transport, mode, onEvent, links, renderAnswerFooter, controlRef, autoFocus = false }: ChatWidgetProps) {
  const floating = mode === 'floating';
  const { startOpened, startMaximized, blur } = config.window;
  const [open, setOpen] = useConfiguredState(!floating || startOpened);
  const [maximized, setMaximized] = useConfiguredState(startMaximized);
  const [callout, setCallout] = useState<string | null>(null);
  // Focus follows the visitor: into the question when they open the window, back to the launcher when they close it.
  const [focusTarget, setFocusTarget] = useState<'input' | 'launcher' | null>(autoFocus || !floating ? 'input' : null);

  const emit = useCallback((event: WidgetEvent) => onEvent?.(event), [onEvent]);
  const onAnswer = useCallback((answer: WidgetAnswer) => emit({ type: 'answer', answer }), [emit]);
  const conversation = useConversation({ transport, responseTimeout: config.responseTimeout, onAnswer });
  const speech = useSpeech(config);

  const toggleMaximized = useCallback(() => setMaximized((value) => !value), [setMaximized]);
  const calloutTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(calloutTimer.current), []);
  const { clear, showError } = conversation;
  useImperativeHandle(
    controlRef,
    () => ({
      showError,
      resetSession: clear,
      showCallout: (text: string, ms: number) => {
        clearTimeout(calloutTimer.current);
        setCallout(text);
        calloutTimer.current = setTimeout(() => setCallout(null), ms);
      },
      toggleFullscreen: toggleMaximized,
    }),
    [showError, clear, toggleMaximized],
  );

  const openWindow = () => {
    setFocusTarget('input');
    setOpen(true);
  };
  const closeWindow = () => {
    setFocusTarget('launcher');
    setOpen(false);
  };
  const calloutElement = callout ? (
    <div className={`callout${open ? ' inline' : ''}`} role="status">
      {callout}
    </div>
  ) : null;

  return (
    <ShadowHost css={css} style={HOST_STYLE[mode]}>
      <div className={`aw ${mode}`} style={themeVariables(config)} lang={config.locale}>
        {floating && open && (maximized || blur > 0) ? <div className="backdrop" onClick={closeWindow} /> : null}
        {open ? (
          <ChatWindow
            config={config}
            mode={mode}
            maximized={floating && maximized}
            conversation={conversation}
            speech={speech}
            links={links}
            emit={emit}
            renderAnswerFooter={renderAnswerFooter}
            callout={calloutElement}
            autoFocus={focusTarget === 'input'}
            onClose={closeWindow}
            onToggleMaximized={toggleMaximized}
          />
        ) : (
          <>
            {calloutElement}
            <LauncherButton
              conciergeName={config.concierge.name}
              icon={config.logos.icon}
              focusOnMount={focusTarget === 'launcher'}
              onOpen={openWindow}
            />
          </>
        )}
      </div>
    </ShadowHost>
  );
}
