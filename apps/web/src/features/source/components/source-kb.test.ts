import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { sourceMessages, type KbBlock, type KbDocument, type KbInline, type Source, type SourceType } from '@console/contracts';
import { SourceKb } from './source-kb';

function source(type: SourceType, kb: KbDocument | null): Source {
  return {
    id: 'source-id',
    project_id: 'project-id',
    display_name: 'Policies',
    type,
    config: {},
    kb,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    last_pull: null,
  };
}

const render = (value: Source) => renderToStaticMarkup(createElement(MantineProvider, null, createElement(SourceKb, { source: value })));

const paragraph = (...children: KbInline[]): KbBlock => ({ type: 'hierarchy_paragraph', children });

describe('SourceKb', () => {
  it('says why there is nothing to show', () => {
    expect(render(source('web', null))).toContain(sourceMessages.noKb);
    expect(render(source('rich_editor', null))).toContain(sourceMessages.emptyKb);
    expect(render(source('pipeline', { children: [] }))).toContain(sourceMessages.emptyKb);
  });

  it('renders headers as nested titled sections with their text, lists and links', () => {
    const html = render(
      source('rich_editor', {
        children: [
          {
            type: 'hierarchy_header',
            header: 'Returns',
            level: 2,
            children: [
              paragraph(
                { type: 'hierarchy_text', value: 'Free for ' },
                { type: 'hierarchy_text', value: '30 days', marks: ['bold'] },
                { type: 'hierarchy_link', value: 'form', url: 'https://example.com/returns', target: 'new_tab' },
              ),
              { type: 'hierarchy_header', header: 'Refunds', level: 3, children: [] },
              {
                type: 'hierarchy_list',
                ordered: true,
                start: 3,
                items: [{ children: [paragraph({ type: 'hierarchy_text', value: 'Pack it' })] }],
              },
            ],
          },
        ],
      }),
    );
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>.*<h4[^>]*id="\1"[^>]*>Returns<\/h4>/);
    expect(html).toMatch(/<h5[^>]*>Refunds<\/h5>/);
    expect(html).toContain('<strong>30 days</strong>');
    expect(html).toMatch(/<a[^>]*href="https:\/\/example.com\/returns"[^>]*target="_blank"[^>]*rel="noopener noreferrer"|<a[^>]*rel="noopener noreferrer"[^>]*href="https:\/\/example.com\/returns"/);
    expect(html).toMatch(/<ol[^>]*start="3"/);
  });

  it('never makes a live link or image of a URL the contracts refuse, and escapes text', () => {
    const html = render(
      source('editor', {
        children: [
          paragraph(
            { type: 'hierarchy_link', value: 'click', url: 'javascript:alert(1)', target: 'same_tab' },
            { type: 'hierarchy_text', value: '<img src=x onerror=alert(1)>' },
          ),
          { type: 'hierarchy_image', url: 'data:image/png;base64,AAAA', alt: null, title: null },
        ],
      }),
    );
    expect(html).toContain('click');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
