import { act, createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from './chat-widget';
import { answer, ask, bubbles, button, click, config, get, paragraph, render, scriptedTransport, type } from './test/render';
import { QueryFailed, type WidgetControls } from './types';

const CONV_ID = '00000000-0000-4000-8000-000000000001';
const welcome = 'Hello! How can I help you today?';
const errorText = 'Sorry, something went wrong. Please try again.';
const echo = () => scriptedTransport((query) => answer(`You asked: ${query.utterance}`));

afterEach(() => vi.useRealTimers());

describe('the chat widget', () => {
  it('renders inside a shadow root of its own, with its stylesheet there and nothing in the page', async () => {
    const { shadow } = await render(<ChatWidget mode="embedded" config={config()} transport={echo()} />);
    expect(shadow.querySelector('style')?.textContent).toContain('.launcher');
    expect(shadow.querySelector('[role="dialog"]')).not.toBeNull();
    expect(document.querySelector('[role="dialog"], style')).toBeNull();
  });

  it('answers questions, keeping the conversation id across them', async () => {
    const transport = echo();
    const onEvent = vi.fn();
    const { shadow } = await render(<ChatWidget mode="embedded" config={config()} transport={transport} onEvent={onEvent} />);
    await ask(shadow, 'Where are you?');
    await ask(shadow, '  And when?  ');
    expect(bubbles(shadow)).toEqual([welcome, 'Where are you?', 'You asked: Where are you?', 'And when?', 'You asked: And when?']);
    expect(transport.queries).toEqual([
      { utterance: 'Where are you?', input_method: 'text' },
      { utterance: 'And when?', input_method: 'text', conv_id: CONV_ID },
    ]);
    expect(onEvent).toHaveBeenCalledWith({ type: 'answer', answer: expect.objectContaining({ conv_id: CONV_ID }) });
    expect(get<HTMLInputElement>(shadow, 'input').value).toBe('');
  });

  it('Clear starts a new conversation: the messages and the conversation id are forgotten', async () => {
    const transport = echo();
    const { shadow } = await render(<ChatWidget mode="embedded" config={config()} transport={transport} />);
    await ask(shadow, 'First');
    await click(button(shadow, 'Clear'));
    expect(bubbles(shadow)).toEqual([welcome]);
    await ask(shadow, 'Second');
    expect(transport.queries.at(-1)).toEqual({ utterance: 'Second', input_method: 'text' });
  });

  it('shows the error message when no answer comes within the response timeout, and the conversation goes on', async () => {
    vi.useFakeTimers();
    let first = true;
    const transport = scriptedTransport((query) => {
      if (!first) return answer(`You asked: ${query.utterance}`);
      first = false;
      return new Promise(() => undefined);
    });
    const { shadow } = await render(<ChatWidget mode="embedded" config={config({ responseTimeout: 3000 })} transport={transport} />);
    await ask(shadow, 'Slow question');
    await act(async () => vi.advanceTimersByTime(2999));
    expect(bubbles(shadow)).toEqual([welcome, 'Slow question']);
    await act(async () => vi.advanceTimersByTime(1));
    expect(bubbles(shadow)).toEqual([welcome, 'Slow question', errorText]);
    await ask(shadow, 'Next question');
    expect(bubbles(shadow).at(-1)).toBe('You asked: Next question');
  });

  it('shows the configured error message when the query fails', async () => {
    const transport = scriptedTransport(() => Promise.reject(new Error('403')));
    const { shadow } = await render(
      <ChatWidget mode="embedded" config={config({ bubbles: { errorMessage: paragraph('We could not answer.') } })} transport={transport} />,
    );
    await ask(shadow, 'Hello?');
    expect(bubbles(shadow).at(-1)).toBe('We could not answer.');
  });

  it('keeps the conversation a failed step names, so the retry asks that step again', async () => {
    let failing = true;
    const transport = scriptedTransport((query) => {
      if (!failing) return answer(`You asked: ${query.utterance}`);
      failing = false;
      return Promise.reject(new QueryFailed('The assistant answered 502', CONV_ID));
    });
    const { shadow } = await render(<ChatWidget mode="embedded" config={config()} transport={transport} />);
    await ask(shadow, 'Book a table for monday');
    expect(bubbles(shadow).at(-1)).toBe(errorText);
    await ask(shadow, 'Book a table for monday');
    expect(transport.queries.at(-1)).toEqual({ utterance: 'Book a table for monday', input_method: 'text', conv_id: CONV_ID });
  });

  it('offers the answer’s quick replies: a query is asked, an event is emitted', async () => {
    const onEvent = vi.fn();
    const transport = scriptedTransport((query) =>
      answer(`About ${query.utterance}`, {
        actions: [
          { type: 'query', label: 'Prices', utterance: 'How much is it?' },
          { type: 'event', label: 'Book now', event: 'booking' },
        ],
      }),
    );
    const { shadow } = await render(<ChatWidget mode="embedded" config={config()} transport={transport} onEvent={onEvent} />);
    await ask(shadow, 'Rooms');
    await click(button(shadow, 'Book now'));
    expect(onEvent).toHaveBeenCalledWith({ type: 'action-event', event: 'booking', label: 'Book now' });
    await click(button(shadow, 'Prices'));
    expect(transport.queries.map((query) => query.utterance)).toEqual(['Rooms', 'How much is it?']);
    expect(shadow.activeElement).toBe(get(shadow, 'input'));
    expect(bubbles(shadow).at(-1)).toBe('About How much is it?');
  });

  it('applies the channel configuration to the DOM', async () => {
    // Only the clock is fixed (a local 14:05), so the time shown does not depend on when the test runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 15, 14, 5));
    const { shadow } = await render(
      <ChatWidget
        mode="embedded"
        transport={echo()}
        config={config({
          concierge: { name: 'Ava', titleColor: '#111111', subtitleColor: '#222222' },
          logos: { brand: 'https://example.com/brand.png', icon: 'https://example.com/icon.png' },
          controlBar: { placeholderText: 'Type here', textColor: '#333333', placeholderColor: '#444444', closeIconColor: '#555555', closeIconHoverColor: '#666666' },
          window: { accentColor: '#123456', backgroundColor: '#fafafa', backgroundGradient: true, backgroundTransparent: true, blur: 2.5, sideWidth: 450, fullWidth: 900 },
          bubbles: { maxWidth: 300, conciergeTextColor: '#777777', conciergeLinkTextColor: '#888888', welcomeMessage: paragraph('Welcome to Ava') },
          footer: paragraph('Powered by us'),
          locale: 'de-DE',
          allowClear: false,
        })}
      />,
    );
    const dialog = get(shadow, '[role="dialog"]');
    expect(dialog.getAttribute('aria-label')).toBe('Ava');
    expect(get(shadow, '.title').textContent).toBe('Ava');
    expect(get<HTMLImageElement>(shadow, '.brand').getAttribute('src')).toBe('https://example.com/brand.png');
    expect(get<HTMLImageElement>(shadow, '.avatar').getAttribute('src')).toBe('https://example.com/icon.png');
    expect(get<HTMLInputElement>(shadow, 'input').placeholder).toBe('Type here');
    expect(get(shadow, '.footer').textContent).toBe('Powered by us');
    expect(bubbles(shadow)).toEqual(['Welcome to Ava']);
    expect(shadow.querySelector('button[aria-label="Clear"]')).toBeNull();
    const root = get(shadow, '.aw');
    expect(root.getAttribute('lang')).toBe('de-DE');
    const variable = (name: string) => root.style.getPropertyValue(name);
    expect([variable('--aw-title'), variable('--aw-subtitle'), variable('--aw-control-text'), variable('--aw-placeholder')]).toEqual([
      '#111111',
      '#222222',
      '#333333',
      '#444444',
    ]);
    expect([variable('--aw-close'), variable('--aw-close-hover'), variable('--aw-concierge-text'), variable('--aw-concierge-link')]).toEqual([
      '#555555',
      '#666666',
      '#777777',
      '#888888',
    ]);
    expect([variable('--aw-accent'), variable('--aw-blur'), variable('--aw-side-width'), variable('--aw-full-width'), variable('--aw-bubble-max')]).toEqual([
      '#123456',
      '2.5px',
      '450px',
      '900px',
      '300px',
    ]);
    expect(variable('--aw-window-bg')).toContain('linear-gradient');
    expect(variable('--aw-window-bg')).toContain('transparent');
    // The locale formats the times shown (German: 24-hour clock).
    expect(get(shadow, 'time').textContent).toBe('14:05');
  });

  it('omits the header when configured, keeping its buttons', async () => {
    const { shadow } = await render(<ChatWidget mode="floating" config={config({ window: { omitHeader: true, startOpened: true } })} transport={echo()} />);
    expect(shadow.querySelector('header, .title')).toBeNull();
    expect(button(shadow, 'Close')).toBeTruthy();
  });

  it('floats behind a labelled launcher: opening focuses the question, Escape closes and focus returns', async () => {
    const { shadow } = await render(
      <ChatWidget mode="floating" config={config({ concierge: { name: 'Ava' }, window: { openButtonColor: '#abcdef' } })} transport={echo()} />,
    );
    expect(shadow.querySelector('[role="dialog"]')).toBeNull();
    expect(get(shadow, '.aw').style.getPropertyValue('--aw-open-button')).toBe('#abcdef');
    await click(button(shadow, 'Open Ava'));
    const dialog = get(shadow, '[role="dialog"]');
    expect(shadow.activeElement).toBe(get(shadow, 'input'));
    expect(get(shadow, 'label').textContent).toBe('Your question');
    expect(get(shadow, '[role="log"]').getAttribute('aria-live')).toBe('polite');
    await act(async () => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(shadow.querySelector('[role="dialog"]')).toBeNull();
    expect(shadow.activeElement).toBe(button(shadow, 'Open Ava'));
  });

  it('starts opened and maximised when configured, and toggles full screen', async () => {
    const { shadow } = await render(
      <ChatWidget mode="floating" config={config({ window: { startOpened: true, startMaximized: true } })} transport={echo()} />,
    );
    expect(get(shadow, '[role="dialog"]').classList.contains('maximized')).toBe(true);
    expect(shadow.querySelector('.backdrop')).not.toBeNull();
    await click(button(shadow, 'Full screen'));
    expect(get(shadow, '[role="dialog"]').classList.contains('maximized')).toBe(false);
  });

  it('follows live changes of the configuration (the channel editor’s sandbox)', async () => {
    const transport = echo();
    const { shadow, rerender } = await render(<ChatWidget mode="floating" config={config()} transport={transport} />);
    await rerender(<ChatWidget mode="floating" config={config({ concierge: { name: 'Bea' }, window: { startOpened: true } })} transport={transport} />);
    expect(get(shadow, '[role="dialog"]').getAttribute('aria-label')).toBe('Bea');
  });

  it('gives the sandbox its tools: error, reset, callout and full screen', async () => {
    vi.useFakeTimers();
    const controls = createRef<WidgetControls>();
    const transport = echo();
    const { shadow } = await render(
      <ChatWidget mode="floating" config={config({ window: { startOpened: true } })} transport={transport} controlRef={controls} />,
    );
    await ask(shadow, 'Hi');
    await act(async () => controls.current!.showError());
    expect(bubbles(shadow).at(-1)).toBe(errorText);
    await act(async () => controls.current!.resetSession());
    expect(bubbles(shadow)).toEqual([welcome]);
    await ask(shadow, 'Again');
    expect(transport.queries.at(-1)).toEqual({ utterance: 'Again', input_method: 'text' });
    await act(async () => controls.current!.showCallout('Need help?', 3000));
    expect(get(shadow, '[role="status"]').textContent).toBe('Need help?');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(shadow.querySelector('[role="status"]')).toBeNull();
    await act(async () => controls.current!.toggleFullscreen());
    expect(get(shadow, '[role="dialog"]').classList.contains('maximized')).toBe(true);
  });

  it('links content answers and the conversation for the console, and shows its footer under answers', async () => {
    const onEvent = vi.fn();
    const { shadow } = await render(
      <ChatWidget
        mode="embedded"
        config={config()}
        transport={echo()}
        onEvent={onEvent}
        links={{ content: true, queryLog: true }}
        renderAnswerFooter={(reply) => <p className="trace">confidence {reply.confidence}</p>}
      />,
    );
    expect(shadow.querySelector('button[aria-label="Query log"]')).toBeNull();
    await ask(shadow, 'Hours');
    expect(get(shadow, '.trace').textContent).toBe('confidence 0.9');
    await click(button(shadow, 'Open content'));
    expect(onEvent).toHaveBeenCalledWith({ type: 'navigate-content', reporting_id: 'reporting-1' });
    await click(button(shadow, 'Query log'));
    expect(onEvent).toHaveBeenCalledWith({ type: 'navigate-query-log', conv_id: CONV_ID });
  });

  it('does not send while a question waits for its answer', async () => {
    let release: (() => void) | undefined;
    const transport = scriptedTransport(
      (query) => new Promise((resolve) => (release = () => resolve(answer(`You asked: ${query.utterance}`)))),
    );
    const { shadow } = await render(<ChatWidget mode="embedded" config={config()} transport={transport} />);
    await ask(shadow, 'One');
    await type(get<HTMLInputElement>(shadow, 'input'), 'Two');
    expect(button(shadow, 'Send').disabled).toBe(true);
    expect(get(shadow, '[role="log"]').getAttribute('aria-busy')).toBe('true');
    await act(async () => release!());
    expect(button(shadow, 'Send').disabled).toBe(false);
    expect(transport.queries).toHaveLength(1);
  });
});

describe('reading answers aloud', () => {
  function fakeSpeech() {
    const spoken: string[] = [];
    class Utterance {
      lang = '';
      voice: unknown = null;
      constructor(readonly text: string) {}
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    vi.stubGlobal('speechSynthesis', {
      speak: (utterance: Utterance) => spoken.push(utterance.text),
      cancel: vi.fn(),
      getVoices: () => [],
    });
    return spoken;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('speaks answers unless muted, and the mute toggle switches', async () => {
    const spoken = fakeSpeech();
    const { shadow } = await render(<ChatWidget mode="embedded" config={config({ window: { preferMute: false } })} transport={echo()} />);
    const mute = button(shadow, 'Mute');
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    await ask(shadow, 'Hi');
    expect(spoken).toEqual(['You asked: Hi']);
    await click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    await ask(shadow, 'Quiet');
    expect(spoken).toEqual(['You asked: Hi']);
  });

  it('starts muted when the channel prefers it', async () => {
    const spoken = fakeSpeech();
    const { shadow } = await render(<ChatWidget mode="embedded" config={config()} transport={echo()} />);
    expect(button(shadow, 'Mute').getAttribute('aria-pressed')).toBe('true');
    await ask(shadow, 'Hi');
    expect(spoken).toEqual([]);
  });
});
