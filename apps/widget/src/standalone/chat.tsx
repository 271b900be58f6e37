// The chat bundle (classic script, built with preact/compat): loaded by the loader when the visitor
// opens the widget, it renders ChatWidget into the container the loader gives it.
import { createRoot } from 'react-dom/client';
import { ChatWidget } from '../chat-widget';
import type { WidgetEvent } from '../types';
import { MOUNT_GLOBAL, PAGE_EVENT, type Mount, type MountGlobal } from './protocol';
import { httpTransport } from './transport';

/** Event quick replies reach the host page as a DOM event on window. */
function tellPage(event: WidgetEvent): void {
  if (event.type !== 'action-event') return;
  window.dispatchEvent(new CustomEvent(PAGE_EVENT, { detail: { event: event.event, label: event.label } }));
}

const mount: Mount = ({ origin, deploymentKey, config, container, openedByVisitor }) => {
  const startConfig = openedByVisitor ? { ...config, window: { ...config.window, startOpened: true } } : config;
  createRoot(container).render(
    <ChatWidget
      mode="floating"
      config={startConfig}
      transport={httpTransport(origin, deploymentKey)}
      onEvent={tellPage}
      autoFocus={openedByVisitor}
    />,
  );
};

(window as MountGlobal)[MOUNT_GLOBAL] = mount;
