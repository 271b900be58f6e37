import { KB_HEADER_TYPE, kbWordCount, type KbBlock, type KbDocument, type KbInline } from '@console/contracts';
import type { AnswerResult } from './types';

/**
 * The `truncate` stage: a response longer than the project's word cutoff is cut after that many
 * words, and a `hierarchy_cutoff` node marks where (the widget offers the rest on request).
 */

export interface Truncated {
  document: KbDocument;
  words: number;
  truncated: boolean;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The first `limit` words of a text, keeping its spacing. */
function firstWords(text: string, limit: number): string {
  let seen = 0;
  const match = text.match(/\S+\s*/g) ?? [];
  let out = '';
  for (const piece of match) {
    if (seen >= limit) break;
    out += piece;
    seen += 1;
  }
  return out.trimEnd();
}

/** Word counts of the documents seen: an index's responses are answered again and again, and never change. */
const wordCounts = new WeakMap<KbDocument, number>();

export function truncate(document: KbDocument, cutoff: number): Truncated {
  let total = wordCounts.get(document);
  if (total === undefined) wordCounts.set(document, (total = kbWordCount(document)));
  if (total <= cutoff) return { document, words: total, truncated: false };
  let remaining = cutoff;
  let cut = false;

  const inlines = (nodes: KbInline[]): KbInline[] => {
    const kept: KbInline[] = [];
    for (const node of nodes) {
      if (cut) break;
      const count = wordCount(node.value);
      if (count <= remaining) {
        kept.push(node);
        remaining -= count;
      } else {
        if (remaining > 0) kept.push({ ...node, value: firstWords(node.value, remaining) });
        remaining = 0;
        cut = true;
      }
    }
    return kept;
  };

  const blocks = (nodes: KbBlock[]): KbBlock[] => {
    const kept: KbBlock[] = [];
    for (const node of nodes) {
      if (cut) break;
      if (node.type === 'hierarchy_paragraph') {
        const children = inlines(node.children);
        if (children.length || !cut) kept.push({ ...node, children });
      } else if (node.type === 'hierarchy_list') {
        const items = [];
        for (const item of node.items) {
          if (cut) break;
          const children = blocks(item.children);
          if (children.length) items.push({ children });
        }
        if (items.length) kept.push({ ...node, items });
      } else if (node.type === KB_HEADER_TYPE) {
        remaining = Math.max(0, remaining - wordCount(node.header));
        kept.push({ ...node, children: blocks(node.children) });
      } else {
        kept.push(node);
      }
    }
    return kept;
  };

  return { document: { children: [...blocks(document.children), { type: 'hierarchy_cutoff' }] }, words: total, truncated: true };
}

/**
 * The truncate stage, last: the answer's response (`response`: the item's, or the model's composed
 * one) cut at the project's word cutoff, and the cut traced. The answer is final: nothing is pending.
 */
export function truncateStage(result: AnswerResult, response: KbDocument, cutoff: number): AnswerResult {
  const cut = truncate(response, cutoff);
  result.trace.push({ stage: 'truncate', data: { words: cut.words, cutoff, truncated: cut.truncated } });
  return { ...result, reply: { ...result.reply, response: cut.document }, generation: null };
}
