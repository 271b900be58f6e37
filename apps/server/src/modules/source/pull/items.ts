import {
  RESPONSE_CHARACTER_LIMIT,
  kbCharacterCount,
  kbPlainText,
  type KbBlock,
  type KbDocument,
  type KbList,
} from '@console/contracts';

/** What a pull found: one content item of the source, matched to earlier pulls by its key. */
export interface PulledItem {
  /** Stable across pulls: the header path, the page URL and its header path, 'csv:' + subject. */
  key: string;
  subject: string;
  response: KbDocument;
  utterances: string[];
}

/** A pull that cannot go on; the message is what the pull record shows. */
export class PullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PullError';
  }
}

/** Separates the headers of a key's path: 'Shipping / Domestic'. */
export const KEY_PATH_SEPARATOR = ' / ';

/** Empty paragraphs are spacing, not content: a section of only those makes no item. */
export function hasContent(blocks: KbBlock[]): boolean {
  return blocks.some((block) => block.type !== 'hierarchy_paragraph' || block.children.length > 0);
}

/** The longest subject a content item may be created with (as createContentBody allows). */
const PULLED_SUBJECT_MAX = 1024;
const ELLIPSIS = '…';

export function pulledSubject(text: string): string {
  return text.trim().slice(0, PULLED_SUBJECT_MAX);
}

const characters = (block: KbBlock) => kbCharacterCount({ children: [block] });

/** `text` cut at the last word boundary that leaves room for the ellipsis within `limit`. */
function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const room = text.slice(0, limit - ELLIPSIS.length);
  const boundary = room.search(/\s\S*$/);
  return `${(boundary > 0 ? room.slice(0, boundary) : room).trimEnd()}${ELLIPSIS}`;
}

/**
 * A response within RESPONSE_CHARACTER_LIMIT: whole blocks in order while they fit; a list that
 * does not fit keeps the whole items that do; when not even the first block fits, the response is
 * that block's text cut at a word boundary and ending with an ellipsis.
 */
export function limitResponse(document: KbDocument, limit = RESPONSE_CHARACTER_LIMIT): KbDocument {
  if (kbCharacterCount(document) <= limit) return document;
  const kept: KbBlock[] = [];
  let used = 0;
  for (const block of document.children) {
    const size = characters(block);
    if (used + size <= limit) {
      kept.push(block);
      used += size;
      continue;
    }
    if (block.type === 'hierarchy_list') {
      const items: KbList['items'] = [];
      for (const item of block.items) {
        const itemSize = kbCharacterCount({ children: item.children });
        if (used + itemSize > limit) break;
        items.push(item);
        used += itemSize;
      }
      if (items.length) kept.push({ ...block, items });
    }
    break;
  }
  if (kept.length) return { children: kept };
  const text = cutText(kbPlainText({ children: document.children.slice(0, 1) }).replace(/\s+/g, ' '), limit);
  return { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: text }] }] };
}

/** A repeated key gets ' #2', ' #3'... in the order found, so each item keeps its own across pulls. */
export function withUniqueKeys(items: PulledItem[]): PulledItem[] {
  const used = new Set<string>();
  const occurrences = new Map<string, number>();
  return items.map((item) => {
    let occurrence = occurrences.get(item.key) ?? 1;
    let key = item.key;
    while (used.has(key)) key = `${item.key} #${++occurrence}`;
    occurrences.set(item.key, occurrence);
    used.add(key);
    return key === item.key ? item : { ...item, key };
  });
}
