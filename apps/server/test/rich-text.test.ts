import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { KB_HEADER_TYPE, MAX_RICH_TEXT_DEPTH } from '@console/contracts';
import { call, createSignedInUser, createTestApp, expectError, openTestDatabase } from './helper';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await createTestApp(await openTestDatabase());
  // A user of no workspace: the converters touch no stored data.
  token = (await createSignedInUser(app)).token;
});

const toKb = (value: unknown, as: string | null = token) => call(app, 'POST', '/api/v1/util/convert-pm-to-kb', as, { value });
const toPm = (value: unknown, as: string | null = token) => call(app, 'POST', '/api/v1/util/convert-kb-to-pm', as, { value });

const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const tooDeep = `Rich text must not be nested more than ${MAX_RICH_TEXT_DEPTH} levels deep`;

describe('POST /util/convert-pm-to-kb and /util/convert-kb-to-pm', () => {
  const pm = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Shipping' }] },
      paragraph(
        { type: 'text', text: 'Fast', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' and ' },
        { type: 'text', text: 'cheap', marks: [{ type: 'link', attrs: { href: 'mailto:help@example.com', target: null } }] },
      ),
      { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph({ type: 'text', text: 'Pack' })] }] },
      { type: 'image', attrs: { src: 'https://example.com/box.png', alt: null, title: 'Box' } },
      { type: 'horizontalRule' },
      { type: 'actions', attrs: { actions: [{ type: 'event', label: 'Track', event: 'track' }] } },
      { type: 'cutoff' },
    ],
  };
  const kb = {
    children: [
      {
        type: KB_HEADER_TYPE,
        header: 'Shipping',
        level: 1,
        children: [
          {
            type: 'hierarchy_paragraph',
            children: [
              { type: 'hierarchy_text', value: 'Fast', marks: ['bold'] },
              { type: 'hierarchy_text', value: ' and ' },
              { type: 'hierarchy_link', value: 'cheap', url: 'mailto:help@example.com', target: 'same_tab' },
            ],
          },
          {
            type: 'hierarchy_list',
            ordered: true,
            start: 3,
            items: [{ children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Pack' }] }] }],
          },
          { type: 'hierarchy_image', url: 'https://example.com/box.png', alt: null, title: 'Box' },
          { type: 'hierarchy_horizontal_rule' },
          { type: 'hierarchy_actions', actions: [{ type: 'event', label: 'Track', event: 'track' }] },
          { type: 'hierarchy_cutoff' },
        ],
      },
    ],
  };

  it('converts every node type both ways, for any signed-in user', async () => {
    const converted = await toKb(pm);
    expect(converted.statusCode).toBe(200);
    expect(converted.json()).toEqual({ value: kb });
    const back = await toPm(kb);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ value: pm });
  });

  it('answers the canonical form of what the editor wrote', async () => {
    const converted = await toPm(
      (
        await toKb({
          type: 'doc',
          content: [
            paragraph({
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank', rel: 'noopener' } }, { type: 'italic' }],
            }),
          ],
        })
      ).json<{ value: unknown }>().value,
    );
    expect(converted.json()).toEqual({
      value: {
        type: 'doc',
        content: [paragraph({ type: 'text', text: 'x', marks: [{ type: 'italic' }, { type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }] })],
      },
    });
  });

  it('refuses unknown node types and unsafe URLs with the message', async () => {
    const link = (href: string) => ({ type: 'doc', content: [paragraph({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] })] });
    expectError(await toKb(link('javascript:alert(1)')), 400, 'Link URL must use http, https or mailto');
    expectError(await toKb(link('data:text/html;base64,PHNjcmlwdD4=')), 400, 'Link URL must use http, https or mailto');
    expectError(await toKb(link('../relative')), 400, 'Link URL is not a valid URL: ../relative');
    expectError(await toKb({ type: 'doc', content: [{ type: 'image', attrs: { src: 'mailto:a@example.com' } }] }), 400, 'Image URL must use http or https');
    expectError(
      await toKb({ type: 'doc', content: [{ type: 'codeBlock', content: [] }] }),
      400,
      'Node type must be one of paragraph, heading, bulletList, orderedList, image, horizontalRule, actions, cutoff',
    );

    const kbLink = (url: string) => ({ children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_link', value: 'x', url, target: 'new_tab' }] }] });
    expectError(await toPm(kbLink('javascript:alert(1)')), 400, 'Link URL must use http, https or mailto');
    expectError(await toPm({ children: [{ type: 'hierarchy_image', url: 'mailto:a@example.com', alt: null, title: null }] }), 400, 'Image URL must use http or https');
    expectError(await toPm({ children: [{ type: 'hierarchy_script', value: 'alert(1)' }] }), 400);
    expectError(
      await toPm({ children: [{ type: 'hierarchy_list', ordered: false, start: 1, items: [{ children: [{ type: 'hierarchy_cutoff' }] }] }] }),
      400,
      'A list item must start with a paragraph',
    );
  });

  it('refuses over-deep nesting without failing', async () => {
    // Built as text: the body is deeper than a recursive serializer could write.
    const send = (url: string, json: string) =>
      app.inject({ method: 'POST', url, payload: json, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    const levels = 5_000;
    const list = `${'{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph"},'.repeat(levels)}{"type":"paragraph"}${']}]}'.repeat(levels)}`;
    expectError(await send('/api/v1/util/convert-pm-to-kb', `{"value":{"type":"doc","content":[${list}]}}`), 400, tooDeep);
    const header = `${'{"type":"hierarchy_header","header":"x","level":1,"children":['.repeat(levels)}${']}'.repeat(levels)}`;
    expectError(await send('/api/v1/util/convert-kb-to-pm', `{"value":{"children":[${header}]}}`), 400, tooDeep);

    // Just within the limit is fine.
    const within = MAX_RICH_TEXT_DEPTH - 1;
    const fine = `${'{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph"},'.repeat(within)}{"type":"paragraph"}${']}]}'.repeat(within)}`;
    expect((await send('/api/v1/util/convert-pm-to-kb', `{"value":{"type":"doc","content":[${fine}]}}`)).statusCode).toBe(200);
  });

  it('refuses a body without a value, and callers without a token', async () => {
    expectError(await call(app, 'POST', '/api/v1/util/convert-pm-to-kb', token, { document: {} }), 400);
    expectError(await call(app, 'POST', '/api/v1/util/convert-kb-to-pm', token, {}), 400);
    expectError(await toKb({ type: 'doc' }, null), 401);
    expectError(await toPm({ children: [] }, null), 401);
  });
});

describe('API documentation', () => {
  it('documents the content and converter routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/v1/util/convert-pm-to-kb',
      '/api/v1/util/convert-kb-to-pm',
      '/api/v1/project/{id}/content',
      '/api/v1/project/{id}/content/utterances',
      '/api/v1/source/{id}/content',
      '/api/v1/content/{id}',
      '/api/v1/content/{id}/response',
      '/api/v1/content/{id}/utterance',
      '/api/v1/content/{id}/action',
      '/api/v1/content-utterance/{id}',
      '/api/v1/content-action/{id}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
