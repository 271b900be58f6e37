/**
 * The chat widget. The console imports this source and renders it with React; the standalone bundle
 * (src/standalone) renders the same components with preact/compat. Everything here therefore uses
 * only what both support, and imports nothing but types from '@console/contracts' (its runtime is
 * built on zod, far beyond the widget's size budget).
 */
export { ChatWidget } from './chat-widget';
/** An answer's KB nodes as the widget draws them: the console's conversation transcript shows answers with it. */
export { KbContent } from './components/kb-content';
export type {
  ChatTransport,
  ChatWidgetProps,
  WidgetAnswer,
  WidgetControls,
  WidgetEvent,
  WidgetMode,
  WidgetQuery,
} from './types';
