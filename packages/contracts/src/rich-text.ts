import { z } from 'zod';
import { messages } from './messages';
import { jsonBoundExceeded } from './fields';

/**
 * Rich responses. The console's editor (TipTap) speaks ProseMirror JSON ("PM");
 * the assistant, the widget and the sources speak the KB node types ("KB"). Both are defined here
 * with the converters between them, which are exact inverses on canonical documents: parsing a PM
 * document with `pmDocumentSchema` yields its canonical form (unknown attributes dropped, marks in
 * one order, heading text plain), and `pmToKb` / `kbToPm` map canonical documents onto each other.
 *
 * Only the node types below exist, and only http, https and mailto links (http and https images):
 * anything else is refused, so no `javascript:` URL can reach a page that renders a response.
 */

export const RESPONSE_CHARACTER_LIMIT = 4000;
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export const LINK_TARGETS = ['same_tab', 'new_tab'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];
/** Labels of the link target choice in the editor. */
export const LINK_TARGET_LABELS: Record<LinkTarget, string> = { same_tab: 'Same Tab', new_tab: 'New Tab' };
export const TEXT_MARKS = ['bold', 'italic'] as const;
export type TextMark = (typeof TEXT_MARKS)[number];
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;
export const IMAGE_PROTOCOLS = ['http:', 'https:'] as const;
export const MAX_URL_LENGTH = 2048;
/** Lists in lists, headers in headers: deeper documents are refused before they are walked. */
export const MAX_RICH_TEXT_DEPTH = 24;

export const kbNodeTypes = [
  'hierarchy_paragraph',
  'hierarchy_list',
  'hierarchy_text',
  'hierarchy_link',
  'hierarchy_image',
  'hierarchy_actions',
  'hierarchy_cutoff',
  'hierarchy_horizontal_rule',
] as const;
/** The header of a KB tree (a section: its title and what it holds). */
export const KB_HEADER_TYPE = 'hierarchy_header';

/* ------------------------------------------------------------------ actions */

export const ACTION_TYPES = ['query', 'event'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

const actionLabel = z
  .string({ error: messages.atLeastChars('Label', 1) })
  .min(1, { error: messages.atLeastChars('Label', 1) })
  .max(255, { error: messages.atMostChars('Label', 255) });
const actionUtterance = z
  .string({ error: messages.atLeastChars('Utterance', 1) })
  .min(1, { error: messages.atLeastChars('Utterance', 1) })
  .max(255, { error: messages.atMostChars('Utterance', 255) });
const actionEvent = z
  .string({ error: messages.atLeastChars('Event', 1) })
  .min(1, { error: messages.atLeastChars('Event', 1) })
  .max(32, { error: messages.atMostChars('Event', 32) });

/** A quick reply: a query sends its utterance, an event is emitted to the host page. */
const queryActionSchema = z.object({ type: z.literal('query'), label: actionLabel, utterance: actionUtterance });
const eventActionSchema = z.object({ type: z.literal('event'), label: actionLabel, event: actionEvent });
export const quickReplySchema = z.discriminatedUnion('type', [queryActionSchema, eventActionSchema], {
  error: messages.oneOf('Action type', ACTION_TYPES),
});
export type QuickReply = z.infer<typeof quickReplySchema>;

/* --------------------------------------------------------------------- URLs */

function urlSchema(field: string, protocols: readonly string[]) {
  return z
    .string({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .max(MAX_URL_LENGTH, { error: messages.atMostChars(field, MAX_URL_LENGTH) })
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.invalidUrl(field, value) });
        return;
      }
      if (!protocols.includes(url.protocol)) {
        const names = protocols.map((protocol) => protocol.replace(':', ''));
        ctx.addIssue({ code: 'custom', message: `${field} must use ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)}` });
      }
    });
}
export const linkUrlSchema = urlSchema('Link URL', LINK_PROTOCOLS);
export const imageUrlSchema = urlSchema('Image URL', IMAGE_PROTOCOLS);

/* ----------------------------------------------------------------------- KB */

interface KbText {
  type: 'hierarchy_text';
  value: string;
  marks?: TextMark[];
}
interface KbLink {
  type: 'hierarchy_link';
  value: string;
  url: string;
  target: LinkTarget;
  marks?: TextMark[];
}
export type KbInline = KbText | KbLink;
interface KbParagraph {
  type: 'hierarchy_paragraph';
  children: KbInline[];
}
interface KbListItem {
  children: KbBlock[];
}
export interface KbList {
  type: 'hierarchy_list';
  ordered: boolean;
  /** The first number of an ordered list. */
  start: number;
  items: KbListItem[];
}
export interface KbImage {
  type: 'hierarchy_image';
  url: string;
  alt: string | null;
  title: string | null;
}
interface KbActions {
  type: 'hierarchy_actions';
  actions: QuickReply[];
}
interface KbCutoff {
  type: 'hierarchy_cutoff';
}
interface KbHorizontalRule {
  type: 'hierarchy_horizontal_rule';
}
/** A section of a KB tree: a header (from a heading of the given level) and what it holds. */
export interface KbHeader {
  type: typeof KB_HEADER_TYPE;
  header: string;
  level: number;
  children: KbBlock[];
}
export type KbBlock = KbParagraph | KbList | KbImage | KbActions | KbCutoff | KbHorizontalRule | KbHeader;
export interface KbDocument {
  children: KbBlock[];
}

/** Marks in their one order, each once: the canonical form both sides share. */
const marksSchema = z
  .array(z.enum(TEXT_MARKS, { error: messages.oneOf('Mark', TEXT_MARKS) }))
  .optional()
  .transform((marks) => (marks?.length ? TEXT_MARKS.filter((mark) => marks.includes(mark)) : undefined));

const textValue = z
  .string({ error: 'Text must not be empty' })
  .min(1, { error: 'Text must not be empty' });

const kbTextSchema = z.object({ type: z.literal('hierarchy_text'), value: textValue, marks: marksSchema });
const kbLinkSchema = z.object({
  type: z.literal('hierarchy_link'),
  value: textValue,
  url: linkUrlSchema,
  target: z.enum(LINK_TARGETS, { error: messages.oneOf('Link target', LINK_TARGETS) }),
  marks: marksSchema,
});
const kbInlineSchema = z.discriminatedUnion('type', [kbTextSchema, kbLinkSchema], {
  error: messages.oneOf('Inline node type', ['hierarchy_text', 'hierarchy_link']),
});

const headingLevel = z
  .number({ error: 'Heading level must be a number' })
  .int({ error: 'Heading level must be a whole number' })
  .min(1, { error: messages.notLessThan('Heading level', 1) })
  .max(6, { error: messages.notGreaterThan('Heading level', 6) });
const listStart = z
  .number({ error: 'List start must be a number' })
  .int({ error: 'List start must be a whole number' })
  .min(0, { error: messages.notLessThan('List start', 0) })
  .max(1_000_000, { error: messages.notGreaterThan('List start', 1_000_000) });
const optionalText = z.string().max(1024, { error: messages.atMostChars('Alternative text', 1024) }).nullable();

const kbBlockTypes = [...kbNodeTypes.filter((type) => type !== 'hierarchy_text' && type !== 'hierarchy_link'), KB_HEADER_TYPE];

const kbBlockSchema: z.ZodType<KbBlock> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('hierarchy_paragraph'), children: z.array(kbInlineSchema) }),
      z.object({
        type: z.literal('hierarchy_list'),
        ordered: z.boolean({ error: 'List ordered must be true or false' }),
        start: listStart,
        items: z
          .array(
            z.object({
              // The editor's rule for list items (see pmListItemSchema), so every KB list has a PM form.
              children: z
                .array(kbBlockSchema)
                .min(1, { error: 'A list item must not be empty' })
                .refine((children) => children[0]?.type === 'hierarchy_paragraph', { error: 'A list item must start with a paragraph' })
                .refine((children) => children.every((child) => child.type !== KB_HEADER_TYPE), { error: 'A list item cannot hold a header' }),
            }),
          )
          .min(1, { error: 'A list must have at least one item' }),
      }),
      z.object({ type: z.literal('hierarchy_image'), url: imageUrlSchema, alt: optionalText, title: optionalText }),
      z.object({ type: z.literal('hierarchy_actions'), actions: z.array(quickReplySchema) }),
      z.object({ type: z.literal('hierarchy_cutoff') }),
      z.object({ type: z.literal('hierarchy_horizontal_rule') }),
      z.object({
        type: z.literal(KB_HEADER_TYPE),
        header: z.string({ error: 'Header must be text' }),
        level: headingLevel,
        children: z.array(kbBlockSchema),
      }),
    ],
    { error: messages.oneOf('Node type', kbBlockTypes) },
  ),
) as z.ZodType<KbBlock>;

/* ----------------------------------------------------------------------- PM */

export interface PmMark {
  type: 'bold' | 'italic' | 'link';
  attrs?: { href: string; target: '_blank' | null };
}
export interface PmText {
  type: 'text';
  text: string;
  marks?: PmMark[];
}
export interface PmNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: (PmNode | PmText)[];
}
export interface PmDocument {
  type: 'doc';
  content?: PmNode[];
}

/** The PM node and mark names of the editor (TipTap's), and which KB type each becomes. */
export const PM_NODE_TYPES = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'image',
  'horizontalRule',
  'actions',
  'cutoff',
  'text',
] as const;
const PM_MARK_ORDER = ['bold', 'italic', 'link'] as const;

const pmMarkSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('bold') }),
    z.object({ type: z.literal('italic') }),
    z.object({
      type: z.literal('link'),
      attrs: z.object({
        href: linkUrlSchema,
        // Anything but a new tab (also no target at all) is the same tab; TipTap writes null for it.
        target: z
          .unknown()
          .optional()
          .transform((target) => (target === '_blank' ? ('_blank' as const) : null)),
      }),
    }),
  ],
  { error: messages.oneOf('Mark', PM_MARK_ORDER) },
);

const pmMarksSchema = z
  .array(pmMarkSchema)
  .optional()
  .transform((marks) => {
    if (!marks?.length) return undefined;
    const canonical = PM_MARK_ORDER.flatMap((type) => {
      const mark = marks.find((candidate) => candidate.type === type);
      return mark ? [mark] : [];
    });
    return canonical as PmMark[];
  });

/** A text node of a paragraph or heading; `where` names the parent in the message for anything else. */
const pmTextOf = (where: string) =>
  z.object({ type: z.literal('text', { error: `${where} content must be text` }), text: textValue, marks: pmMarksSchema });

/** Inline content of a paragraph: text nodes only (links are a mark of text). */
const pmInlineContent = z
  .array(pmTextOf('Paragraph'), { error: 'Paragraph content must be text' })
  .optional()
  .transform((content) => (content?.length ? content : undefined));

const pmParagraphSchema = z.object({ type: z.literal('paragraph'), content: pmInlineContent });

const pmBlockTypes = ['paragraph', 'heading', 'bulletList', 'orderedList', 'image', 'horizontalRule', 'actions', 'cutoff'];

const pmBlockSchema: z.ZodType<PmNode> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      pmParagraphSchema,
      z.object({
        type: z.literal('heading'),
        attrs: z.object({ level: headingLevel }),
        // A header is plain text: marks are dropped and the pieces joined.
        content: z
          .array(pmTextOf('Heading'), { error: 'Heading content must be text' })
          .optional()
          .transform((content) => {
            const text = (content ?? []).map((node) => node.text).join('');
            return text ? [{ type: 'text' as const, text }] : undefined;
          }),
      }),
      z.object({ type: z.literal('bulletList'), content: pmListItems }),
      z.object({
        type: z.literal('orderedList'),
        attrs: z.object({ start: listStart.optional().default(1) }).optional().transform((attrs) => ({ start: attrs?.start ?? 1 })),
        content: pmListItems,
      }),
      z.object({
        type: z.literal('image'),
        attrs: z.object({
          src: imageUrlSchema,
          alt: optionalText.optional().transform((value) => value || null),
          title: optionalText.optional().transform((value) => value || null),
        }),
      }),
      z.object({ type: z.literal('horizontalRule') }),
      z.object({ type: z.literal('actions'), attrs: z.object({ actions: z.array(quickReplySchema) }) }),
      z.object({ type: z.literal('cutoff') }),
    ],
    { error: messages.oneOf('Node type', pmBlockTypes) },
  ),
) as z.ZodType<PmNode>;

const pmListItemSchema = z.object({
  type: z.literal('listItem', { error: 'List content must be list items' }),
  content: z
    .array(z.lazy(() => pmBlockSchema))
    .min(1, { error: 'A list item must not be empty' })
    .refine((content) => content[0]?.type === 'paragraph', { error: 'A list item must start with a paragraph' })
    .refine((content) => content.every((node) => node.type !== 'heading'), { error: 'A list item cannot hold a heading' }),
});
const pmListItems = z.array(pmListItemSchema).min(1, { error: 'A list must have at least one item' });

// Each nesting level of a document costs up to four JSON levels (node, content array, item,
// children), below the document object itself.
const withinDepth = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (jsonBoundExceeded(value, { maxDepth: MAX_RICH_TEXT_DEPTH * 4 + 1 })) {
        ctx.addIssue({ code: 'custom', message: `Rich text must not be nested more than ${MAX_RICH_TEXT_DEPTH} levels deep`, fatal: true });
      }
    })
    .pipe(schema);

/** A PM document as the editor writes it; parsing yields the canonical form. */
export const pmDocumentSchema = withinDepth(
  z.object({
    type: z.literal('doc', { error: "Document type must be 'doc'" }),
    content: z
      .array(pmBlockSchema)
      .optional()
      .transform((content) => (content?.length ? content : undefined)),
  }),
) as unknown as z.ZodType<PmDocument>;

/** A KB document: the response of a content item, or the tree of a source. */
export const kbDocumentSchema = withinDepth(
  z.object({ children: z.array(kbBlockSchema, { error: 'Children must be a list of KB nodes' }) }, { error: 'A KB document must be an object with children' }),
) as unknown as z.ZodType<KbDocument>;

export const EMPTY_PM_DOCUMENT: PmDocument = { type: 'doc' };

/* ---------------------------------------------------------------- converters */

function kbMarksOf(marks: PmMark[] | undefined): TextMark[] | undefined {
  const kept = (marks ?? []).filter((mark) => mark.type !== 'link').map((mark) => mark.type as TextMark);
  return kept.length ? kept : undefined;
}

function inlineToKb(node: PmText): KbInline {
  const link = node.marks?.find((mark) => mark.type === 'link');
  const marks = kbMarksOf(node.marks);
  if (link?.attrs) {
    return {
      type: 'hierarchy_link',
      value: node.text,
      url: link.attrs.href,
      target: link.attrs.target === '_blank' ? 'new_tab' : 'same_tab',
      ...(marks ? { marks } : {}),
    };
  }
  return { type: 'hierarchy_text', value: node.text, ...(marks ? { marks } : {}) };
}

function inlineToPm(node: KbInline): PmText {
  const marks: PmMark[] = (node.marks ?? []).map((type) => ({ type }));
  if (node.type === 'hierarchy_link') {
    marks.push({ type: 'link', attrs: { href: node.url, target: node.target === 'new_tab' ? '_blank' : null } });
  }
  return { type: 'text', text: node.value, ...(marks.length ? { marks } : {}) };
}

function attr<T>(node: PmNode, name: string): T {
  return node.attrs?.[name] as T;
}

/** One PM block -> KB; headings are handled by the caller, which nests what follows them. */
function blockToKb(node: PmNode): KbBlock {
  switch (node.type) {
    case 'paragraph':
      return { type: 'hierarchy_paragraph', children: ((node.content ?? []) as PmText[]).map(inlineToKb) };
    case 'bulletList':
    case 'orderedList':
      return {
        type: 'hierarchy_list',
        ordered: node.type === 'orderedList',
        start: node.type === 'orderedList' ? (attr<number>(node, 'start') ?? 1) : 1,
        items: (node.content ?? []).map((item) => ({ children: blocksToKb((item as PmNode).content as PmNode[]) })),
      };
    case 'image':
      return { type: 'hierarchy_image', url: attr(node, 'src'), alt: attr(node, 'alt') ?? null, title: attr(node, 'title') ?? null };
    case 'horizontalRule':
      return { type: 'hierarchy_horizontal_rule' };
    case 'actions':
      return { type: 'hierarchy_actions', actions: attr(node, 'actions') };
    case 'cutoff':
      return { type: 'hierarchy_cutoff' };
    default:
      throw new Error(`unknown PM node type ${node.type}`);
  }
}

/**
 * Flat PM blocks -> KB blocks: a heading of level n opens a header that holds every following
 * block until a heading of level n or lower.
 */
function blocksToKb(nodes: PmNode[]): KbBlock[] {
  const root: KbBlock[] = [];
  const open: KbHeader[] = [];
  const target = () => open.at(-1)?.children ?? root;
  for (const node of nodes) {
    if (node.type === 'heading') {
      const level = attr<number>(node, 'level');
      while (open.length && open.at(-1)!.level >= level) open.pop();
      const header: KbHeader = {
        type: KB_HEADER_TYPE,
        header: ((node.content ?? []) as PmText[]).map((text) => text.text).join(''),
        level,
        children: [],
      };
      target().push(header);
      open.push(header);
    } else {
      target().push(blockToKb(node));
    }
  }
  return root;
}

function blocksToPm(blocks: KbBlock[]): PmNode[] {
  return blocks.flatMap((block): PmNode[] => {
    switch (block.type) {
      case 'hierarchy_paragraph':
        return [{ type: 'paragraph', ...(block.children.length ? { content: block.children.map(inlineToPm) } : {}) }];
      case 'hierarchy_list':
        return [
          {
            type: block.ordered ? 'orderedList' : 'bulletList',
            ...(block.ordered ? { attrs: { start: block.start } } : {}),
            content: block.items.map((item) => ({ type: 'listItem', content: blocksToPm(item.children) })),
          },
        ];
      case 'hierarchy_image':
        return [{ type: 'image', attrs: { src: block.url, alt: block.alt, title: block.title } }];
      case 'hierarchy_actions':
        return [{ type: 'actions', attrs: { actions: block.actions } }];
      case 'hierarchy_cutoff':
        return [{ type: 'cutoff' }];
      case 'hierarchy_horizontal_rule':
        return [{ type: 'horizontalRule' }];
      case KB_HEADER_TYPE:
        return [
          { type: 'heading', attrs: { level: block.level }, ...(block.header ? { content: [{ type: 'text', text: block.header }] } : {}) },
          ...blocksToPm(block.children),
        ];
    }
  });
}

/** A canonical PM document (parsed by pmDocumentSchema) as KB. */
export function pmToKb(document: PmDocument): KbDocument {
  return { children: blocksToKb(document.content ?? []) };
}

/** A KB document as canonical PM. */
export function kbToPm(document: KbDocument): PmDocument {
  const content = blocksToPm(document.children);
  return { type: 'doc', ...(content.length ? { content } : {}) };
}

/* ----------------------------------------------------------------- reading */

function walkInlines(blocks: KbBlock[], visit: (inline: KbInline) => void, visitHeader?: (header: KbHeader) => void): void {
  for (const block of blocks) {
    if (block.type === 'hierarchy_paragraph') block.children.forEach(visit);
    else if (block.type === 'hierarchy_list') block.items.forEach((item) => walkInlines(item.children, visit, visitHeader));
    else if (block.type === KB_HEADER_TYPE) {
      visitHeader?.(block);
      walkInlines(block.children, visit, visitHeader);
    }
  }
}

/** The words a reader sees (headers, text and link text), one space between blocks' words. */
export function kbWords(document: KbDocument): string[] {
  const words: string[] = [];
  const add = (text: string) => {
    for (const word of text.split(/\s+/)) if (word) words.push(word);
  };
  walkInlines(document.children, (inline) => add(inline.value), (header) => add(header.header));
  return words;
}

/** `num_response_words` of a content item. */
export function kbWordCount(document: KbDocument): number {
  return kbWords(document).length;
}

/** Characters of text in the document: what the response limit counts. */
export function kbCharacterCount(document: KbDocument): number {
  let total = 0;
  walkInlines(document.children, (inline) => (total += inline.value.length), (header) => (total += header.header.length));
  return total;
}

/** The text of a document, a line per paragraph or list item (CSV export, search). */
export function kbPlainText(document: KbDocument): string {
  const lines: string[] = [];
  const visit = (blocks: KbBlock[]) => {
    for (const block of blocks) {
      if (block.type === 'hierarchy_paragraph') {
        const line = block.children.map((inline) => inline.value).join('');
        if (line) lines.push(line);
      } else if (block.type === 'hierarchy_list') {
        block.items.forEach((item) => visit(item.children));
      } else if (block.type === KB_HEADER_TYPE) {
        if (block.header) lines.push(block.header);
        visit(block.children);
      }
    }
  };
  visit(document.children);
  return lines.join('\n');
}

/**
 * Plain text -> KB paragraphs (blank lines separate paragraphs, single newlines join with a space);
 * with `links`, its web and e-mail addresses become links.
 */
export function kbFromPlainText(text: string, options: { links?: boolean } = {}): KbDocument {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean);
  return {
    children: paragraphs.map((value) => ({ type: 'hierarchy_paragraph', children: options.links ? linkedInlines(value) : [{ type: 'hierarchy_text', value }] })),
  };
}

/** Web and e-mail addresses in plain text (a trailing full stop or bracket is the sentence's, not the address's). */
const PLAIN_ADDRESSES = /\bhttps?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'"]|\b[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/giu;

/**
 * A paragraph's text with its web and e-mail addresses as links (opening in a new tab; an e-mail
 * address as mailto:): a message a team writes as plain text in the settings names where to go,
 * and a visitor should not have to copy it. An address the link rules refuse stays text.
 */
function linkedInlines(value: string): KbInline[] {
  const inlines: KbInline[] = [];
  let at = 0;
  const text = (end: number) => {
    if (end > at) inlines.push({ type: 'hierarchy_text', value: value.slice(at, end) });
  };
  for (const match of value.matchAll(PLAIN_ADDRESSES)) {
    const address = match[0];
    const url = /^https?:/i.test(address) ? address : `mailto:${address}`;
    if (!linkUrlSchema.safeParse(url).success) continue;
    text(match.index);
    inlines.push({ type: 'hierarchy_link', value: address, url, target: 'new_tab' });
    at = match.index + address.length;
  }
  text(value.length);
  return inlines;
}

/** A response: a PM document within the response character limit. */
export const responsePmSchema = pmDocumentSchema.superRefine((document, ctx) => {
  const characters = kbCharacterCount(pmToKb(document));
  if (characters > RESPONSE_CHARACTER_LIMIT) {
    ctx.addIssue({ code: 'custom', message: messages.atMostChars('Response', RESPONSE_CHARACTER_LIMIT) });
  }
});

/** POST /util/convert-pm-to-kb and /util/convert-kb-to-pm. */
export const convertPmToKbBody = z.object({ value: pmDocumentSchema }, { error: 'Body must be a JSON object with a value' });
export const convertKbToPmBody = z.object({ value: kbDocumentSchema }, { error: 'Body must be a JSON object with a value' });
export const pmDocumentAnswer = z.object({ value: z.custom<PmDocument>() });
export const kbDocumentAnswer = z.object({ value: z.custom<KbDocument>() });
