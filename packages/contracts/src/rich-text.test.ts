import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KB_HEADER_TYPE,
  MAX_RICH_TEXT_DEPTH,
  PM_NODE_TYPES,
  RESPONSE_CHARACTER_LIMIT,
  TEXT_MARKS,
  kbCharacterCount,
  kbDocumentSchema,
  kbFromPlainText,
  kbNodeTypes,
  kbPlainText,
  kbToPm,
  kbWordCount,
  kbWords,
  pmDocumentSchema,
  pmToKb,
  responsePmSchema,
  type KbBlock,
  type KbDocument,
  type KbHeader,
  type KbInline,
  type PmDocument,
  type PmMark,
  type PmNode,
  type PmText,
  type QuickReply,
  type TextMark,
} from './rich-text';

/*
 * The converters are exact inverses on canonical documents, for every node type: generated canonical
 * PM and KB documents survive their own schema unchanged and a round trip through the other side.
 */

/* ------------------------------------------------------------ generators */

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 });
const shortText = (max: number) => fc.string({ minLength: 1, maxLength: max });
const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true });
// Addresses whose local part would read as a URL authority ('mailto://...') are not URLs at all.
const linkUrl = fc.oneof(httpUrl, fc.emailAddress().map((address) => `mailto:${address}`).filter((url) => URL.canParse(url)));
const optionalText = fc.option(text, { nil: null });

const quickReply: fc.Arbitrary<QuickReply> = fc.oneof(
  fc.record({ type: fc.constant('query' as const), label: shortText(255), utterance: shortText(255) }),
  fc.record({ type: fc.constant('event' as const), label: shortText(255), event: shortText(32) }),
);
const markSet = fc.subarray([...TEXT_MARKS]);

/** A level of lists in lists; enough to cover nesting while staying far below MAX_RICH_TEXT_DEPTH. */
const listDepth = { maxDepth: 3, depthIdentifier: 'list' } as const;

const pmText: fc.Arbitrary<PmText> = fc
  .record({
    text,
    marks: markSet,
    link: fc.option(fc.record({ href: linkUrl, target: fc.constantFrom('_blank' as const, null) }), { nil: undefined }),
  })
  .map(({ text, marks, link }) => {
    const all: PmMark[] = [...marks.map((type) => ({ type })), ...(link ? [{ type: 'link' as const, attrs: link }] : [])];
    return { type: 'text', text, ...(all.length ? { marks: all } : {}) };
  });

const pmParagraph: fc.Arbitrary<PmNode> = fc
  .array(pmText, { maxLength: 4 })
  .map((content) => ({ type: 'paragraph', ...(content.length ? { content } : {}) }));

const pmHeading: fc.Arbitrary<PmNode> = fc
  .record({ level: fc.integer({ min: 1, max: 6 }), text: fc.option(text, { nil: undefined }) })
  .map(({ level, text }) => ({ type: 'heading', attrs: { level }, ...(text ? { content: [{ type: 'text', text }] } : {}) }));

const pmLeaf: fc.Arbitrary<PmNode> = fc.oneof(
  pmParagraph,
  fc.record({ src: httpUrl, alt: optionalText, title: optionalText }).map((attrs) => ({ type: 'image', attrs })),
  fc.constant({ type: 'horizontalRule' }),
  fc.array(quickReply, { maxLength: 3 }).map((actions) => ({ type: 'actions', attrs: { actions } })),
  fc.constant({ type: 'cutoff' }),
);

const { pmBlock } = fc.letrec<{ pmBlock: PmNode; pmList: PmNode; pmItem: PmNode }>((tie) => ({
  pmBlock: fc.oneof(listDepth, pmLeaf, tie('pmList')),
  pmList: fc
    .record({
      ordered: fc.boolean(),
      start: fc.integer({ min: 0, max: 1_000_000 }),
      items: fc.array(tie('pmItem'), { minLength: 1, maxLength: 3 }),
    })
    .map(({ ordered, start, items }) =>
      ordered ? { type: 'orderedList', attrs: { start }, content: items } : { type: 'bulletList', content: items },
    ),
  // A list item starts with a paragraph and never holds a heading (what the editor allows).
  pmItem: fc
    .tuple(pmParagraph, fc.array(tie('pmBlock'), { maxLength: 2 }))
    .map(([first, rest]) => ({ type: 'listItem', content: [first, ...rest] })),
}));

const pmDocument: fc.Arbitrary<PmDocument> = fc
  .array(fc.oneof(pmBlock, pmHeading), { maxLength: 8 })
  .map((content) => ({ type: 'doc', ...(content.length ? { content } : {}) }));

const withMarks = <T extends object>(node: T, marks: TextMark[]) => (marks.length ? { ...node, marks } : node);

const kbInline: fc.Arbitrary<KbInline> = fc.oneof(
  fc.record({ value: text, marks: markSet }).map(({ value, marks }) => withMarks({ type: 'hierarchy_text' as const, value }, marks)),
  fc
    .record({ value: text, url: linkUrl, target: fc.constantFrom('same_tab' as const, 'new_tab' as const), marks: markSet })
    .map(({ value, url, target, marks }) => withMarks({ type: 'hierarchy_link' as const, value, url, target }, marks)),
);

const kbParagraph: fc.Arbitrary<KbBlock> = fc
  .array(kbInline, { maxLength: 4 })
  .map((children) => ({ type: 'hierarchy_paragraph', children }));

const kbLeaf: fc.Arbitrary<KbBlock> = fc.oneof(
  kbParagraph,
  fc.record({ url: httpUrl, alt: optionalText, title: optionalText }).map((image) => ({ type: 'hierarchy_image' as const, ...image })),
  fc.constant({ type: 'hierarchy_horizontal_rule' as const }),
  fc.array(quickReply, { maxLength: 3 }).map((actions) => ({ type: 'hierarchy_actions' as const, actions })),
  fc.constant({ type: 'hierarchy_cutoff' as const }),
);

const { kbBlock } = fc.letrec<{ kbBlock: KbBlock; kbList: KbBlock }>((tie) => ({
  kbBlock: fc.oneof(listDepth, kbLeaf, tie('kbList')),
  kbList: fc
    .record({
      ordered: fc.boolean(),
      start: fc.integer({ min: 0, max: 1_000_000 }),
      items: fc.array(
        fc.tuple(kbParagraph, fc.array(tie('kbBlock'), { maxLength: 2 })).map(([first, rest]) => ({ children: [first, ...rest] })),
        { minLength: 1, maxLength: 3 },
      ),
    })
    // An unordered list has no numbering: its start is always 1.
    .map(({ ordered, start, items }) => ({ type: 'hierarchy_list' as const, ordered, start: ordered ? start : 1, items })),
}));

/**
 * Canonical headers: each holds its blocks first, then sub-headers of a deeper level; siblings never
 * get deeper (a deeper heading after a section belongs inside it).
 */
function kbHeaders(minLevel: number): fc.Arbitrary<KbHeader[]> {
  if (minLevel > 6) return fc.constant([]);
  return fc.array(fc.integer({ min: minLevel, max: 6 }), { maxLength: 2 }).chain((levels) =>
    fc.tuple(
      ...levels
        .sort((a, b) => b - a)
        .map((level) =>
          fc
            .record({ header: fc.string({ unit: 'grapheme', maxLength: 16 }), blocks: fc.array(kbBlock, { maxLength: 2 }), headers: kbHeaders(level + 1) })
            .map(({ header, blocks, headers }): KbHeader => ({ type: KB_HEADER_TYPE, header, level, children: [...blocks, ...headers] })),
        ),
    ),
  );
}

const kbDocument: fc.Arbitrary<KbDocument> = fc
  .tuple(fc.array(kbBlock, { maxLength: 4 }), kbHeaders(1))
  .map(([blocks, headers]) => ({ children: [...blocks, ...headers] }));

/* ------------------------------------------------------------- properties */

/** Every `type` (and mark type) found in a sample of documents. */
function typesIn(documents: unknown[]): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const { type } = value as { type?: unknown };
      if (typeof type === 'string') found.add(type);
      Object.values(value).forEach(visit);
    }
  };
  visit(documents);
  return found;
}

describe('rich text round trips', () => {
  it('generates every node type, mark and quick reply', () => {
    const pm = typesIn(fc.sample(pmDocument, { numRuns: 300, seed: 1 }));
    const kb = typesIn(fc.sample(kbDocument, { numRuns: 300, seed: 1 }));
    for (const type of [...PM_NODE_TYPES, 'doc', 'bold', 'italic', 'link', 'query', 'event']) expect(pm, type).toContain(type);
    for (const type of [...kbNodeTypes, KB_HEADER_TYPE, 'query', 'event']) expect(kb, type).toContain(type);
  });

  it('parses a canonical PM document to itself', () => {
    fc.assert(
      fc.property(pmDocument, (document) => {
        expect(pmDocumentSchema.parse(document)).toEqual(document);
      }),
    );
  });

  it('parses a canonical KB document to itself', () => {
    fc.assert(
      fc.property(kbDocument, (document) => {
        expect(kbDocumentSchema.parse(document)).toEqual(document);
      }),
    );
  });

  it('kbToPm(pmToKb(pm)) is pm', () => {
    fc.assert(
      fc.property(pmDocument, (document) => {
        expect(kbToPm(pmToKb(document))).toEqual(document);
      }),
    );
  });

  it('pmToKb(kbToPm(kb)) is kb, and the PM in between is one the editor schema accepts', () => {
    fc.assert(
      fc.property(kbDocument, (document) => {
        const pm = kbToPm(document);
        expect(pmDocumentSchema.parse(pm)).toEqual(pm);
        expect(pmToKb(pm)).toEqual(document);
      }),
    );
  });

  it('counts the same words and characters on both sides', () => {
    fc.assert(
      fc.property(pmDocument, (document) => {
        const kb = pmToKb(document);
        expect(kbWordCount(pmToKb(kbToPm(kb)))).toBe(kbWordCount(kb));
        expect(kbCharacterCount(kb)).toBe(kbCharacterCount(pmToKb(kbToPm(kb))));
      }),
    );
  });
});

/* --------------------------------------------------------------- examples */

const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const firstMessage = (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
};

describe('normalising what the editor writes', () => {
  it('puts marks in one order, each once', () => {
    const parsed = pmDocumentSchema.parse(
      doc(
        paragraph({
          type: 'text',
          text: 'Read',
          marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }, { type: 'italic' }, { type: 'bold' }, { type: 'italic' }],
        }),
      ),
    );
    expect(parsed.content![0]!.content![0]).toEqual({
      type: 'text',
      text: 'Read',
      marks: [{ type: 'bold' }, { type: 'italic' }, { type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }],
    });
  });

  it("drops TipTap's extra attributes (rel, class, width, textAlign...) and empty mark lists", () => {
    const parsed = pmDocumentSchema.parse(
      doc(
        {
          type: 'paragraph',
          attrs: { textAlign: 'left' },
          content: [
            {
              type: 'text',
              text: 'Docs',
              marks: [{ type: 'link', attrs: { href: 'https://example.com/docs', target: null, rel: 'noopener noreferrer nofollow', class: null } }],
            },
            { type: 'text', text: ' plain', marks: [] },
          ],
        },
        { type: 'image', attrs: { src: 'https://example.com/a.png', alt: '', title: null, width: 300, height: 200 } },
        { type: 'orderedList', attrs: { start: 3, type: null }, content: [{ type: 'listItem', content: [paragraph({ type: 'text', text: 'x' })] }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [] }] }] },
        { type: 'paragraph', content: [] },
      ),
    );
    expect(parsed).toEqual(
      doc(
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Docs', marks: [{ type: 'link', attrs: { href: 'https://example.com/docs', target: null } }] },
            { type: 'text', text: ' plain' },
          ],
        },
        { type: 'image', attrs: { src: 'https://example.com/a.png', alt: null, title: null } },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph({ type: 'text', text: 'x' })] }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] },
        { type: 'paragraph' },
      ),
    );
    expect(JSON.stringify(parsed)).not.toMatch(/rel|class|width|textAlign/);
  });

  it('reads any link target but a new tab (also none) as the same tab', () => {
    const pm = pmDocumentSchema.parse(
      doc(
        paragraph(
          { type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: 'https://a.example', target: '_self' } }] },
          { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: 'https://b.example', target: '_blank' } }] },
          { type: 'text', text: 'c', marks: [{ type: 'link', attrs: { href: 'https://c.example' } }] },
        ),
      ),
    );
    expect(pm.content![0]!.content![2]).toStrictEqual({ type: 'text', text: 'c', marks: [{ type: 'link', attrs: { href: 'https://c.example', target: null } }] });
    expect(pmToKb(pm).children[0]).toEqual({
      type: 'hierarchy_paragraph',
      children: [
        { type: 'hierarchy_link', value: 'a', url: 'https://a.example', target: 'same_tab' },
        { type: 'hierarchy_link', value: 'b', url: 'https://b.example', target: 'new_tab' },
        { type: 'hierarchy_link', value: 'c', url: 'https://c.example', target: 'same_tab' },
      ],
    });
  });

  it('makes a heading plain text: marks dropped, pieces joined', () => {
    const parsed = pmDocumentSchema.parse(
      doc({
        type: 'heading',
        attrs: { level: 2, id: 'x' },
        content: [
          { type: 'text', text: 'Ship', marks: [{ type: 'bold' }] },
          { type: 'text', text: 'ping', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
        ],
      }),
    );
    expect(parsed).toEqual(doc({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Shipping' }] }));
  });

  it('nests what follows a heading under it until a heading of the same or a higher level', () => {
    const kb = pmToKb(
      pmDocumentSchema.parse(
        doc(
          paragraph({ type: 'text', text: 'Intro' }),
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'A' }] },
          { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'A.1' }] },
          paragraph({ type: 'text', text: 'in A.1' }),
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'A.2' }] },
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'B' }] },
        ),
      ),
    );
    const p = (value: string) => ({ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value }] });
    expect(kb).toEqual({
      children: [
        p('Intro'),
        {
          type: KB_HEADER_TYPE,
          header: 'A',
          level: 1,
          children: [
            { type: KB_HEADER_TYPE, header: 'A.1', level: 3, children: [p('in A.1')] },
            { type: KB_HEADER_TYPE, header: 'A.2', level: 2, children: [] },
          ],
        },
        { type: KB_HEADER_TYPE, header: 'B', level: 1, children: [] },
      ],
    });
  });

  it('reads an ordered list without a start as starting at 1', () => {
    const parsed = pmDocumentSchema.parse(doc({ type: 'orderedList', content: [{ type: 'listItem', content: [paragraph({ type: 'text', text: 'x' })] }] }));
    expect(parsed.content![0]!.attrs).toEqual({ start: 1 });
  });
});

describe('refusals', () => {
  const link = (href: string) => doc(paragraph({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }));
  const image = (src: string) => doc({ type: 'image', attrs: { src } });

  it('accepts http, https and mailto links, and http and https images', () => {
    for (const href of ['http://example.com', 'https://example.com/a?b=c#d', 'mailto:help@example.com']) {
      expect(firstMessage(pmDocumentSchema, link(href))).toBeNull();
    }
    for (const src of ['http://example.com/a.png', 'https://example.com/a.png']) expect(firstMessage(pmDocumentSchema, image(src))).toBeNull();
  });

  it('refuses other link schemes and relative links', () => {
    expect(firstMessage(pmDocumentSchema, link('javascript:alert(1)'))).toBe('Link URL must use http, https or mailto');
    expect(firstMessage(pmDocumentSchema, link('JaVaScRiPt:alert(1)'))).toBe('Link URL must use http, https or mailto');
    expect(firstMessage(pmDocumentSchema, link('data:text/html,<script>alert(1)</script>'))).toBe('Link URL must use http, https or mailto');
    expect(firstMessage(pmDocumentSchema, link('ftp://example.com/file'))).toBe('Link URL must use http, https or mailto');
    expect(firstMessage(pmDocumentSchema, link('/relative/page'))).toBe('Link URL is not a valid URL: /relative/page');
    expect(firstMessage(pmDocumentSchema, link(''))).toBe('Link URL is required');
    expect(firstMessage(pmDocumentSchema, link(`https://example.com/${'a'.repeat(2048)}`))).toBe('Link URL must be at most 2048 characters');
  });

  it('refuses images that are not http or https', () => {
    expect(firstMessage(pmDocumentSchema, image('mailto:help@example.com'))).toBe('Image URL must use http or https');
    expect(firstMessage(pmDocumentSchema, image('data:image/png;base64,AAAA'))).toBe('Image URL must use http or https');
    expect(firstMessage(pmDocumentSchema, image('javascript:alert(1)'))).toBe('Image URL must use http or https');
    expect(firstMessage(pmDocumentSchema, image('a.png'))).toBe('Image URL is not a valid URL: a.png');
  });

  it('refuses the same URLs in KB documents', () => {
    const kbLink = (url: string) => ({ children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_link', value: 'x', url, target: 'same_tab' }] }] });
    expect(firstMessage(kbDocumentSchema, kbLink('javascript:alert(1)'))).toBe('Link URL must use http, https or mailto');
    expect(firstMessage(kbDocumentSchema, { children: [{ type: 'hierarchy_image', url: 'mailto:a@b.c', alt: null, title: null }] })).toBe(
      'Image URL must use http or https',
    );
  });

  it('refuses unknown node types on both sides', () => {
    expect(firstMessage(pmDocumentSchema, doc({ type: 'iframe', attrs: { src: 'https://example.com' } }))).toBe(
      'Node type must be one of paragraph, heading, bulletList, orderedList, image, horizontalRule, actions, cutoff',
    );
    expect(firstMessage(pmDocumentSchema, doc(paragraph({ type: 'mention', attrs: { id: 'x' } })))).toBe('Paragraph content must be text');
    expect(firstMessage(kbDocumentSchema, { children: [{ type: 'hierarchy_script', value: 'x' }] })).toMatch(/^Node type must be one of hierarchy_paragraph/);
    expect(firstMessage(pmDocumentSchema, { type: 'document' })).toBe("Document type must be 'doc'");
  });

  it('refuses list items the editor cannot hold, on both sides', () => {
    const item = (...content: unknown[]) => doc({ type: 'bulletList', content: [{ type: 'listItem', content }] });
    expect(firstMessage(pmDocumentSchema, item({ type: 'horizontalRule' }))).toBe('A list item must start with a paragraph');
    expect(firstMessage(pmDocumentSchema, item(paragraph(), { type: 'heading', attrs: { level: 1 } }))).toBe('A list item cannot hold a heading');

    const kbItem = (...children: unknown[]) => ({ children: [{ type: 'hierarchy_list', ordered: false, start: 1, items: [{ children }] }] });
    const kbParagraphNode = { type: 'hierarchy_paragraph', children: [] };
    expect(firstMessage(kbDocumentSchema, kbItem({ type: 'hierarchy_horizontal_rule' }))).toBe('A list item must start with a paragraph');
    expect(firstMessage(kbDocumentSchema, kbItem(kbParagraphNode, { type: KB_HEADER_TYPE, header: 'x', level: 1, children: [] }))).toBe(
      'A list item cannot hold a header',
    );
  });

  it(`refuses documents nested more than ${MAX_RICH_TEXT_DEPTH} levels deep, without overflowing the stack`, () => {
    let list: unknown = paragraph({ type: 'text', text: 'deep' });
    for (let level = 0; level < 10_000; level++) list = { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(), list] }] };
    expect(firstMessage(pmDocumentSchema, doc(list))).toBe(`Rich text must not be nested more than ${MAX_RICH_TEXT_DEPTH} levels deep`);

    let header: unknown = { type: KB_HEADER_TYPE, header: 'x', level: 1, children: [] };
    for (let level = 0; level < 10_000; level++) header = { type: KB_HEADER_TYPE, header: 'x', level: 1, children: [header] };
    expect(firstMessage(kbDocumentSchema, { children: [header] })).toBe(`Rich text must not be nested more than ${MAX_RICH_TEXT_DEPTH} levels deep`);
  });

  it(`limits a response to ${RESPONSE_CHARACTER_LIMIT} characters of text`, () => {
    const of = (length: number) => doc(paragraph({ type: 'text', text: 'a'.repeat(length) }));
    expect(firstMessage(responsePmSchema, of(RESPONSE_CHARACTER_LIMIT))).toBeNull();
    expect(firstMessage(responsePmSchema, of(RESPONSE_CHARACTER_LIMIT + 1))).toBe(`Response must be at most ${RESPONSE_CHARACTER_LIMIT} characters`);
  });
});

describe('reading a KB document', () => {
  const kb: KbDocument = {
    children: [
      {
        type: 'hierarchy_paragraph',
        children: [
          { type: 'hierarchy_text', value: 'We ship ', marks: ['bold'] },
          { type: 'hierarchy_link', value: 'worldwide', url: 'https://example.com', target: 'new_tab' },
          { type: 'hierarchy_text', value: '  within two days.' },
        ],
      },
      {
        type: KB_HEADER_TYPE,
        header: 'Returns policy',
        level: 2,
        children: [
          {
            type: 'hierarchy_list',
            ordered: true,
            start: 1,
            items: [
              { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Pack it' }] }] },
              { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Send it' }] }] },
            ],
          },
          { type: 'hierarchy_image', url: 'https://example.com/box.png', alt: 'A box with many words', title: null },
          { type: 'hierarchy_actions', actions: [{ type: 'query', label: 'Costs', utterance: 'What does shipping cost?' }] },
          { type: 'hierarchy_horizontal_rule' },
          { type: 'hierarchy_cutoff' },
          { type: 'hierarchy_paragraph', children: [] },
        ],
      },
    ],
  };

  it('counts the words a reader sees: text, link text and headers, not alt text or actions', () => {
    expect(kbWords(kb)).toEqual(['We', 'ship', 'worldwide', 'within', 'two', 'days.', 'Returns', 'policy', 'Pack', 'it', 'Send', 'it']);
    expect(kbWordCount(kb)).toBe(12);
    expect(kbWordCount({ children: [] })).toBe(0);
    expect(kbWordCount(kbFromPlainText('  one\ttwo\n\nthree  '))).toBe(3);
  });

  it('counts characters of text, spaces included', () => {
    expect(kbCharacterCount(kb)).toBe('We ship '.length + 'worldwide'.length + '  within two days.'.length + 'Returns policy'.length + 'Pack it'.length + 'Send it'.length);
    expect(kbCharacterCount({ children: [] })).toBe(0);
  });

  it('reads as plain text, a line per paragraph, header and list item', () => {
    expect(kbPlainText(kb)).toBe('We ship worldwide  within two days.\nReturns policy\nPack it\nSend it');
    expect(kbPlainText({ children: [] })).toBe('');
  });

  it('builds paragraphs from plain text: blank lines separate, single line breaks join', () => {
    expect(kbFromPlainText('First line\r\n  continues here\n\n\n Second paragraph \n \nThird')).toEqual({
      children: [
        { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'First line continues here' }] },
        { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Second paragraph' }] },
        { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Third' }] },
      ],
    });
    expect(kbFromPlainText('  \n\n ')).toEqual({ children: [] });
    expect(kbPlainText(kbFromPlainText('One\n\nTwo'))).toBe('One\nTwo');
  });
});

describe('plain text with links', () => {
  it('turns web and e-mail addresses into links, leaving the sentence around them as text', () => {
    const document = kbFromPlainText('Write to help@shop.example or see https://shop.example/contact. We answer within a day.', { links: true });
    expect(document.children).toEqual([
      {
        type: 'hierarchy_paragraph',
        children: [
          { type: 'hierarchy_text', value: 'Write to ' },
          { type: 'hierarchy_link', value: 'help@shop.example', url: 'mailto:help@shop.example', target: 'new_tab' },
          { type: 'hierarchy_text', value: ' or see ' },
          { type: 'hierarchy_link', value: 'https://shop.example/contact', url: 'https://shop.example/contact', target: 'new_tab' },
          { type: 'hierarchy_text', value: '. We answer within a day.' },
        ],
      },
    ]);
    expect(kbDocumentSchema.safeParse(document).success).toBe(true);
    expect(kbPlainText(document)).toBe(kbPlainText(kbFromPlainText('Write to help@shop.example or see https://shop.example/contact. We answer within a day.')));
  });

  it('makes no links without the option, and keeps text without addresses as one text node', () => {
    expect(kbFromPlainText('Mail help@shop.example').children[0]).toEqual({ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Mail help@shop.example' }] });
    expect(kbFromPlainText('No address here.', { links: true }).children[0]).toEqual({ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'No address here.' }] });
  });
});
