import { describe, expect, it, vi } from 'vitest';
import type { KbDocument } from '@console/contracts';
import { ChatWidget } from '../chat-widget';
import { answer, ask, button, click, config, get, render, scriptedTransport } from '../test/render';

/** Renders a document as the assistant's answer and returns the answer's bubble. */
async function answerWith(response: KbDocument, onEvent = vi.fn()) {
  const transport = scriptedTransport(() => answer('', { response }));
  const { shadow } = await render(
    <ChatWidget mode="embedded" config={config({ bubbles: { welcomeMessage: null } })} transport={transport} onEvent={onEvent} />,
  );
  await ask(shadow, 'Tell me');
  return { bubble: get(shadow, '.row.concierge .bubble'), shadow, transport, onEvent };
}

const inline = (...children: KbDocument['children']): KbDocument => ({ children });

describe('KB answers', () => {
  it('never turns an HTML string in text into markup', async () => {
    const { bubble } = await answerWith(
      inline({ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: '<img src=x onerror="alert(1)"><b>bold</b>' }] }),
    );
    expect(bubble.textContent).toBe('<img src=x onerror="alert(1)"><b>bold</b>');
    expect(bubble.querySelector('img, b')).toBeNull();
  });

  it('renders a javascript: or data: link as plain text, and no image from such a URL', async () => {
    const { bubble } = await answerWith(
      inline(
        {
          type: 'hierarchy_paragraph',
          children: [
            { type: 'hierarchy_link', value: 'click me', url: 'javascript:alert(1)', target: 'new_tab' },
            { type: 'hierarchy_link', value: ' or me', url: 'data:text/html,<script>alert(1)</script>', target: 'same_tab' },
          ],
        },
        { type: 'hierarchy_image', url: 'javascript:alert(1)', alt: 'bad', title: null },
      ),
    );
    expect(bubble.textContent).toBe('click me or me');
    expect(bubble.querySelector('a, img')).toBeNull();
  });

  it('gives safe links rel noopener noreferrer and the target of the node', async () => {
    const { bubble } = await answerWith(
      inline({
        type: 'hierarchy_paragraph',
        children: [
          { type: 'hierarchy_link', value: 'Docs', url: 'https://example.com/docs', target: 'new_tab' },
          { type: 'hierarchy_link', value: 'Here', url: 'http://example.com/', target: 'same_tab', marks: ['bold'] },
          { type: 'hierarchy_link', value: 'Mail us', url: 'mailto:help@example.com', target: 'same_tab' },
        ],
      }),
    );
    const links = [...bubble.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      ['Docs', 'https://example.com/docs', '_blank', 'noopener noreferrer'],
      ['Here', 'http://example.com/', '_self', 'noopener noreferrer'],
      ['Mail us', 'mailto:help@example.com', '_self', 'noopener noreferrer'],
    ]);
    expect(links[1]!.querySelector('strong')?.textContent).toBe('Here');
  });

  it('renders sections, lists, images, rules, marks and the cut-off marker', async () => {
    const { bubble } = await answerWith(
      inline({
        type: 'hierarchy_header',
        header: 'Opening hours',
        level: 1,
        children: [
          { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'We are', marks: ['italic'] }, { type: 'hierarchy_text', value: ' open', marks: ['bold', 'italic'] }] },
          {
            type: 'hierarchy_list',
            ordered: true,
            start: 3,
            items: [
              { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Monday' }] }] },
              { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Tuesday' }] }] },
            ],
          },
          { type: 'hierarchy_horizontal_rule' },
          { type: 'hierarchy_image', url: 'https://example.com/map.png', alt: 'Map', title: 'Our shop' },
          { type: 'hierarchy_cutoff' },
        ],
      }),
    );
    expect(get(bubble, 'h3').textContent).toBe('Opening hours');
    expect(get(bubble, 'em').textContent).toBe('We are');
    expect(get(bubble, 'strong > em').textContent).toBe(' open');
    expect(get(bubble, 'ol').getAttribute('start')).toBe('3');
    expect([...bubble.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Monday', 'Tuesday']);
    expect(bubble.querySelector('hr')).not.toBeNull();
    const image = get<HTMLImageElement>(bubble, 'img');
    expect([image.getAttribute('src'), image.alt, image.title]).toEqual(['https://example.com/map.png', 'Map', 'Our shop']);
    expect(get(bubble, '.cutoff').textContent).toBe('…');
  });

  it('shows nothing for a node type it does not know', async () => {
    const { bubble } = await answerWith({
      children: [
        { type: 'hierarchy_script', value: 'alert(1)' } as unknown as KbDocument['children'][number],
        { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Still here' }] },
      ],
    });
    expect(bubble.textContent).toBe('Still here');
  });

  it('sends a query quick reply of the response as the next question and emits an event one', async () => {
    const { shadow, transport, onEvent } = await answerWith(
      inline({
        type: 'hierarchy_actions',
        actions: [
          { type: 'query', label: 'Opening hours', utterance: 'When are you open?' },
          { type: 'event', label: 'Talk to a person', event: 'handover' },
        ],
      }),
    );
    await click(button(shadow, 'Talk to a person'));
    expect(onEvent).toHaveBeenCalledWith({ type: 'action-event', event: 'handover', label: 'Talk to a person' });
    await click(button(shadow, 'Opening hours'));
    expect(transport.queries.at(-1)).toMatchObject({ utterance: 'When are you open?', input_method: 'text' });
  });
});
