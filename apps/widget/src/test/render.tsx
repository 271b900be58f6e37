import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import type { ChatAnswer, FeedbackRating, KbDocument, QuickReply, WebChannelConfig } from '@console/contracts';
import { DEFAULT_WEB_CHANNEL_CONFIG } from '@console/contracts';
import type { ChatTransport, WidgetQuery } from '../types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: Root[] = [];
afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
});

/** Renders into the page and returns the widget's shadow root (the widget attaches it in a layout effect). */
export async function render(element: ReactElement): Promise<{ shadow: ShadowRoot; rerender: (next: ReactElement) => Promise<void> }> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push(root);
  await act(async () => root.render(element));
  const shadow = container.querySelector('[data-assistant-widget]')?.shadowRoot;
  if (!shadow) throw new Error('The widget attached no shadow root');
  return { shadow, rerender: (next) => act(async () => root.render(next)) };
}

export function get<T extends Element = HTMLElement>(scope: ParentNode, selector: string): T {
  const element = scope.querySelector<T>(selector);
  if (!element) throw new Error(`Nothing matches ${selector}`);
  return element;
}

/** The button with this accessible name (aria-label or text). */
export function button(scope: ParentNode, name: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find(
    (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`No button named ${name}`);
  return found;
}

export const click = (element: HTMLElement) => act(async () => element.click());

/** Types into a React-controlled input or textarea the way a browser does (React tracks the native value setter). */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function ask(shadow: ShadowRoot, question: string): Promise<void> {
  await type(get<HTMLInputElement>(shadow, 'input'), question);
  await act(async () => get<HTMLFormElement>(shadow, 'form').requestSubmit());
}

export const paragraph = (value: string): KbDocument => ({
  children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value }] }],
});

let answers = 0;

/** An answer of the conversation; each has an answer_id of its own. */
export function answer(text: string, extra: Partial<ChatAnswer> = {}): ChatAnswer {
  answers += 1;
  return {
    conv_id: '00000000-0000-4000-8000-000000000001',
    answer_id: `0190f3b4-0000-7000-8000-${String(answers).padStart(12, '0')}`,
    response_type: 'content',
    content_id: 'content-1',
    reporting_id: 'reporting-1',
    response: paragraph(text),
    actions: [] as QuickReply[],
    confidence: 0.9,
    ...extra,
  };
}

export interface SentFeedback {
  answerId: string;
  rating: FeedbackRating;
  comment?: string;
}

/** A transport that answers from a script and records every query (and, given `feedback`, every feedback sent). */
export function scriptedTransport(
  reply: (query: WidgetQuery) => Promise<ChatAnswer> | ChatAnswer,
  feedback?: (sent: SentFeedback) => Promise<unknown> | unknown,
): ChatTransport & { queries: WidgetQuery[]; sent: SentFeedback[] } {
  const queries: WidgetQuery[] = [];
  const sent: SentFeedback[] = [];
  return {
    queries,
    sent,
    query: async (body) => {
      queries.push(body);
      return reply(body);
    },
    ...(feedback && {
      sendFeedback: async (answerId: string, rating: FeedbackRating, comment?: string) => {
        const one = { answerId, rating, ...(comment === undefined ? {} : { comment }) };
        sent.push(one);
        return feedback(one);
      },
    }),
  };
}

export function config(overrides: { [Key in keyof WebChannelConfig]?: Partial<WebChannelConfig[Key]> } = {}): WebChannelConfig {
  const merged = { ...DEFAULT_WEB_CHANNEL_CONFIG } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const base = (DEFAULT_WEB_CHANNEL_CONFIG as Record<string, unknown>)[key];
    merged[key] = value && typeof value === 'object' && base && typeof base === 'object' ? { ...base, ...value } : value;
  }
  return merged as WebChannelConfig;
}

/** The text of the conversation's bubbles, in order. */
export const bubbles = (shadow: ShadowRoot) => [...shadow.querySelectorAll('.bubble')].map((bubble) => bubble.textContent);
