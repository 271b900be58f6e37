import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_COMMENT_MAX } from '@console/contracts';
import { ChatWidget } from '../chat-widget';
import { answer, ask, bubbles, button, click, config, get, render, scriptedTransport, type } from '../test/render';
import type { ChatTransport } from '../types';

const echo = (feedback: () => Promise<unknown> | unknown = () => ({})) => scriptedTransport((query) => answer(`You asked: ${query.utterance}`), feedback);
const thumbs = (shadow: ShadowRoot) => [...shadow.querySelectorAll('[role="group"]')].map((group) => group.getAttribute('aria-label'));
const note = (shadow: ShadowRoot) => shadow.querySelector('.feedback [role="status"]')?.textContent ?? null;
const pressed = (shadow: ShadowRoot, name: string) => button(shadow, name).getAttribute('aria-pressed');
const comment = (shadow: ShadowRoot) => get<HTMLTextAreaElement>(shadow, 'textarea');
const key = (target: Element, init: KeyboardEventInit) => act(async () => void target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init })));

async function answered(transport: ChatTransport, overrides: Parameters<typeof config>[0] = {}) {
  const view = await render(<ChatWidget mode="embedded" config={config(overrides)} transport={transport} />);
  await ask(view.shadow, 'When are you open?');
  return view;
}

describe('feedback on answers', () => {
  it('offers thumbs under each answer, not under the welcome message or an error', async () => {
    let failing = false;
    const transport = scriptedTransport(
      (query) => (failing ? Promise.reject(new Error('500')) : answer(`You asked: ${query.utterance}`)),
      () => ({}),
    );
    const { shadow } = await answered(transport);
    await ask(shadow, 'And on Sundays?');
    failing = true;
    await ask(shadow, 'Hello?');
    expect(bubbles(shadow)).toHaveLength(7);
    expect(thumbs(shadow)).toEqual(['Was this helpful?', 'Was this helpful?']);
    expect(pressed(shadow, 'Helpful')).toBe('false');
    expect(pressed(shadow, 'Not helpful')).toBe('false');
  });

  it('shows no thumbs when the channel does not ask for feedback, or the transport cannot send it, and follows the editor live', async () => {
    const transport = echo();
    const { shadow, rerender } = await answered(transport, { feedback: false });
    expect(thumbs(shadow)).toEqual([]);
    await rerender(<ChatWidget mode="embedded" config={config({ feedback: true })} transport={transport} />);
    expect(thumbs(shadow)).toHaveLength(1);

    const withoutFeedback = await answered(scriptedTransport((query) => answer(query.utterance)));
    expect(thumbs(withoutFeedback.shadow)).toEqual([]);
  });

  it('sends a thumbs up for the answer, thanks the visitor, and sends again when they change their mind', async () => {
    const transport = echo();
    const { shadow } = await answered(transport);
    await click(button(shadow, 'Helpful'));
    expect(transport.sent).toEqual([{ answerId: expect.stringMatching(/^0190f3b4-/), rating: 'up' }]);
    expect(pressed(shadow, 'Helpful')).toBe('true');
    expect(note(shadow)).toBe('Thanks for your feedback');

    await click(button(shadow, 'Not helpful'));
    expect(transport.sent.map((sent) => sent.rating)).toEqual(['up', 'down']);
    expect(transport.sent[1]!.answerId).toBe(transport.sent[0]!.answerId);
    expect(pressed(shadow, 'Helpful')).toBe('false');
    expect(pressed(shadow, 'Not helpful')).toBe('true');
  });

  it('asks for an optional comment after a thumbs down: counted up to the maximum, sent with the rating, kept as typed', async () => {
    const transport = echo();
    const { shadow } = await answered(transport);
    await click(button(shadow, 'Not helpful'));
    expect(transport.sent).toEqual([{ answerId: expect.any(String), rating: 'down' }]);
    const textarea = comment(shadow);
    expect(shadow.activeElement).toBe(textarea);
    expect(textarea.maxLength).toBe(FEEDBACK_COMMENT_MAX);
    expect(get(shadow, '.counter').textContent).toBe(`0/${FEEDBACK_COMMENT_MAX}`);
    expect(textarea.getAttribute('aria-describedby')).toBe(get(shadow, '.counter').id);

    const typed = '<b>Wrong</b> hours & "no" link';
    await type(textarea, typed);
    expect(get(shadow, '.counter').textContent).toBe(`${typed.length}/${FEEDBACK_COMMENT_MAX}`);
    await click(button(shadow, 'Send'));
    expect(transport.sent.at(-1)).toEqual({ answerId: transport.sent[0]!.answerId, rating: 'down', comment: typed });
    expect(shadow.querySelector('textarea')).toBeNull();
    expect(shadow.querySelector('.feedback b')).toBeNull();
    expect(note(shadow)).toBe('Thanks for your feedback');
    expect(shadow.activeElement).toBe(button(shadow, 'Not helpful'));
  });

  it('sends the comment with Ctrl+Enter and cancels it with Escape, which leaves the window open', async () => {
    const transport = echo();
    const { shadow } = await render(<ChatWidget mode="floating" config={config({ window: { startOpened: true } })} transport={transport} />);
    await ask(shadow, 'When are you open?');
    await click(button(shadow, 'Not helpful'));
    await type(comment(shadow), 'Too vague');
    await key(comment(shadow), { key: 'Enter', ctrlKey: true });
    expect(transport.sent.at(-1)).toMatchObject({ rating: 'down', comment: 'Too vague' });

    await click(button(shadow, 'Helpful'));
    await click(button(shadow, 'Not helpful'));
    await type(comment(shadow), 'Never mind');
    await key(comment(shadow), { key: 'Escape' });
    expect(shadow.querySelector('textarea')).toBeNull();
    expect(shadow.querySelector('[role="dialog"]')).not.toBeNull();
    expect(transport.sent.map((sent) => sent.comment)).toEqual([undefined, 'Too vague', undefined, undefined]);

    // Cancel closes it the same way.
    await click(button(shadow, 'Helpful'));
    await click(button(shadow, 'Not helpful'));
    await click(button(shadow, 'Cancel'));
    expect(shadow.querySelector('textarea')).toBeNull();
  });

  it('says when feedback could not be sent, and the conversation goes on', async () => {
    let failing = true;
    const transport = echo(() => (failing ? Promise.reject(new Error('429')) : {}));
    const { shadow } = await answered(transport);
    await click(button(shadow, 'Helpful'));
    expect(note(shadow)).toBe('Could not send your feedback.');
    expect(pressed(shadow, 'Helpful')).toBe('false');
    await ask(shadow, 'And on Sundays?');
    expect(bubbles(shadow).at(-1)).toBe('You asked: And on Sundays?');

    failing = false;
    await click(button(shadow, 'Helpful'));
    expect(note(shadow)).toBe('Thanks for your feedback');
    expect(pressed(shadow, 'Helpful')).toBe('true');
  });
});
