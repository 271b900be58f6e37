import { loadBuffer } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import {
  IMAGE_PROTOCOLS,
  LINK_PROTOCOLS,
  MAX_URL_LENGTH,
  TEXT_MARKS,
  type KbBlock,
  type KbImage,
  type KbInline,
  type KbList,
  type TextMark,
} from '@console/contracts';

/**
 * A web page as sections: its text blocks split at headings h1-h6. Kept: paragraphs, lists, links
 * (absolute http, https and mailto), images (absolute http and https), horizontal rules. Dropped:
 * scripts, styles and other non-content elements, and the page's navigation and footer.
 */

interface HtmlSection {
  /** The headings above the section, outermost first; the last is its own. */
  path: string[];
  blocks: KbBlock[];
}

interface HtmlPage {
  title: string | null;
  /** What comes before the first heading (the whole page when it has none). */
  intro: KbBlock[];
  sections: HtmlSection[];
}

const DROPPED = 'head, script, style, noscript, template, nav, footer, svg, iframe, object, embed, canvas, select, button';
const HEADING_LEVELS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Elements that end the paragraph before them and start a new one after. */
const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'form', 'header', 'hgroup', 'html', 'legend', 'li', 'main', 'menu', 'p', 'pre',
  'section', 'summary', 'table', 'tbody', 'tfoot', 'thead',
]);
const ALT_TEXT_MAX = 1024;
/** Between the cells of a table row, which becomes one paragraph. */
const CELL_SEPARATOR = ' | ';

type PageEvent = { kind: 'heading'; level: number; text: string } | { kind: 'block'; block: KbBlock };

interface Style {
  marks: readonly TextMark[];
  link: string | null;
}
const PLAIN: Style = { marks: [], link: null };

const collapse = (text: string) => text.replace(/\s+/g, ' ');

function textOf(node: AnyNode): string {
  if (node.type === 'text') return node.data;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

function absoluteUrl(value: string | undefined, base: URL, protocols: readonly string[]): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return protocols.includes(url.protocol) && url.href.length <= MAX_URL_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

function sameStyle(inline: KbInline, style: Style): boolean {
  const link = inline.type === 'hierarchy_link' ? inline.url : null;
  return link === style.link && (inline.marks ?? []).join() === style.marks.join();
}

/** Walks a page in document order, turning it into headings and blocks. */
class Collector {
  readonly events: PageEvent[] = [];
  private inline: KbInline[] = [];

  /** `headings`: false inside list items, where a heading is just a paragraph. */
  constructor(
    private readonly base: URL,
    private readonly headings: boolean,
  ) {}

  blocks(): KbBlock[] {
    this.flush();
    return this.events.flatMap((event) => (event.kind === 'block' ? [event.block] : []));
  }

  walk(node: AnyNode, style: Style = PLAIN): void {
    if (node.type === 'text') return this.text(node.data, style);
    if (node.type !== 'tag') return;
    const element = node as Element;
    const name = element.tagName.toLowerCase();
    const level = HEADING_LEVELS[name];
    if (level !== undefined) return this.heading(level, collapse(textOf(element)).trim());
    switch (name) {
      case 'br':
        return this.text(' ', style);
      case 'hr':
        return this.block({ type: 'hierarchy_horizontal_rule' });
      case 'img': {
        const image = this.image(element);
        return image ? this.block(image) : undefined;
      }
      case 'ul':
      case 'ol': {
        const list = this.list(element, name === 'ol');
        return list ? this.block(list) : this.flush();
      }
      case 'tr':
        return this.row(element, style);
    }
    const block = BLOCK_ELEMENTS.has(name);
    if (block) this.flush();
    const inner = this.styleOf(element, name, style);
    for (const child of element.children) this.walk(child, inner);
    if (block) this.flush();
  }

  private styleOf(element: Element, name: string, style: Style): Style {
    const mark: TextMark | null = name === 'strong' || name === 'b' ? 'bold' : name === 'em' || name === 'i' ? 'italic' : null;
    if (mark && !style.marks.includes(mark)) return { ...style, marks: TEXT_MARKS.filter((known) => known === mark || style.marks.includes(known)) };
    // A link inside a link keeps the outer one; a link within the page (#top) is plain text.
    if (name === 'a' && !style.link && !element.attribs.href?.trim().startsWith('#')) {
      const url = absoluteUrl(element.attribs.href, this.base, LINK_PROTOCOLS);
      if (url) return { ...style, link: url };
    }
    return style;
  }

  private heading(level: number, text: string): void {
    this.flush();
    if (!text) return;
    if (this.headings) this.events.push({ kind: 'heading', level, text });
    else this.block({ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: text }] });
  }

  private block(block: KbBlock): void {
    this.flush();
    this.events.push({ kind: 'block', block });
  }

  private text(data: string, style: Style): void {
    let value = collapse(data);
    const last = this.inline.at(-1);
    if (!last || last.value.endsWith(' ')) value = value.replace(/^ /, '');
    if (!value) return;
    // Space alone carries no link.
    const effective = style.link && !value.trim() ? { ...style, link: null } : style;
    if (last && sameStyle(last, effective)) {
      last.value += value;
      return;
    }
    const marks = effective.marks.length ? { marks: [...effective.marks] } : {};
    this.inline.push(
      effective.link
        ? { type: 'hierarchy_link', value, url: effective.link, target: 'same_tab', ...marks }
        : { type: 'hierarchy_text', value, ...marks },
    );
  }

  private flush(): void {
    const children = this.inline;
    this.inline = [];
    while (children.length) {
      const last = children.at(-1)!;
      last.value = last.value.trimEnd();
      if (last.value) break;
      children.pop();
    }
    if (children.length) this.events.push({ kind: 'block', block: { type: 'hierarchy_paragraph', children } });
  }

  private image(element: Element): KbImage | null {
    const url = absoluteUrl(element.attribs.src, this.base, IMAGE_PROTOCOLS);
    if (!url) return null;
    const optional = (value: string | undefined) => collapse(value ?? '').trim().slice(0, ALT_TEXT_MAX) || null;
    return { type: 'hierarchy_image', url, alt: optional(element.attribs.alt), title: optional(element.attribs.title) };
  }

  private list(element: Element, ordered: boolean): KbList | null {
    const items: KbList['items'] = [];
    for (const child of element.children) {
      if (child.type !== 'tag' || (child as Element).tagName.toLowerCase() !== 'li') continue;
      const collector = new Collector(this.base, false);
      for (const node of (child as Element).children) collector.walk(node);
      const blocks = collector.blocks();
      if (!blocks.length) continue;
      // An item starts with a paragraph (the editor's rule), empty when it opens with a list or image.
      if (blocks[0]!.type !== 'hierarchy_paragraph') blocks.unshift({ type: 'hierarchy_paragraph', children: [] });
      items.push({ children: blocks });
    }
    if (!items.length) return null;
    const start = Number.parseInt(element.attribs.start ?? '', 10);
    return { type: 'hierarchy_list', ordered, start: ordered && start >= 0 && start <= 1_000_000 ? start : 1, items };
  }

  /** A table row is one paragraph, its cells separated. */
  private row(element: Element, style: Style): void {
    this.flush();
    const cells = element.children.filter((child) => child.type === 'tag');
    cells.forEach((cell, index) => {
      if (index > 0) this.text(CELL_SEPARATOR, style);
      for (const node of (cell as Element).children) this.walk(node, style);
    });
    this.flush();
  }
}

/** Parses a page (its bytes, so the page's own charset declaration is honoured). */
export function readHtmlPage(html: Buffer, pageUrl: string): HtmlPage {
  const $ = loadBuffer(html);
  const title = collapse($('title').first().text()).trim() || null;
  let base = new URL(pageUrl);
  const declaredBase = absoluteUrl($('base[href]').first().attr('href'), base, ['http:', 'https:']);
  if (declaredBase) base = new URL(declaredBase);
  $(DROPPED).remove();
  const main = $('main').first();
  const root = main.length ? main : $('body').first();
  const collector = new Collector(base, true);
  for (const node of root.contents()) collector.walk(node);
  collector.blocks();

  const intro: KbBlock[] = [];
  const sections: HtmlSection[] = [];
  const open: { level: number; text: string }[] = [];
  let current = intro;
  for (const event of collector.events) {
    if (event.kind === 'block') {
      current.push(event.block);
      continue;
    }
    while (open.length && open.at(-1)!.level >= event.level) open.pop();
    open.push(event);
    const section: HtmlSection = { path: open.map((heading) => heading.text), blocks: [] };
    sections.push(section);
    current = section.blocks;
  }
  return { title, intro, sections };
}
