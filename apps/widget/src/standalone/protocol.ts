import type { WebChannelConfig } from '@console/contracts';

/** What the loader hands the chat bundle once it has loaded. */
export interface MountOptions {
  /** Where the widget came from: the server that answers its questions. */
  origin: string;
  deploymentKey: string;
  config: WebChannelConfig;
  /** The element the widget renders into (it attaches its own shadow root below). */
  container: HTMLElement;
  /** The visitor opened the widget: it starts open, with focus in the question. */
  openedByVisitor: boolean;
}

export type Mount = (options: MountOptions) => void;

/** The chat bundle (a classic script) leaves its mount function here for the loader. */
export const MOUNT_GLOBAL = '__assistantWidgetMount';
export type MountGlobal = { [MOUNT_GLOBAL]?: Mount };

/** The DOM event on window that tells the host page about an event quick reply. */
export const PAGE_EVENT = 'assistant-widget:event';

/** The public chat API of a deployment on the widget's server. */
export function chatApi(origin: string, deploymentKey: string): string {
  return `${origin}/api/v1/chat/${encodeURIComponent(deploymentKey)}`;
}
