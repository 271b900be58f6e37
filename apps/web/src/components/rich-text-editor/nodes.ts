import { Node, mergeAttributes } from '@tiptap/react';
import { z } from 'zod';
import { quickReplySchema, type QuickReply } from '@console/contracts';

/**
 * The two nodes of the response model that TipTap does not ship (contracts rich-text.ts): a block
 * of quick replies (`actions`, KB hierarchy_actions) and the response cut-off (`cutoff`). Both are
 * atoms: the editor treats them as one selectable block.
 */

const repliesSchema = z.array(quickReplySchema);

/** The quick replies of an `actions` node; anything that is not a valid list reads as none. */
export function readReplies(value: unknown): QuickReply[] {
  const parsed = repliesSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

function repliesFromHtml(element: HTMLElement): QuickReply[] {
  try {
    return readReplies(JSON.parse(element.getAttribute('data-actions') ?? '[]'));
  } catch {
    return [];
  }
}

export const Actions = Node.create({
  name: 'actions',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,

  addAttributes() {
    return {
      actions: {
        default: [],
        // Copy and paste go through HTML: the replies travel as JSON and are checked on the way in.
        parseHTML: repliesFromHtml,
        renderHTML: (attributes) => ({ 'data-actions': JSON.stringify(readReplies(attributes.actions)) }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-type="actions"]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes({ 'data-type': 'actions' }, HTMLAttributes)];
  },
});

export const Cutoff = Node.create({
  name: 'cutoff',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,

  parseHTML() {
    return [{ tag: 'div[data-type="cutoff"]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes({ 'data-type': 'cutoff', role: 'separator', 'aria-label': 'Cut-off' }, HTMLAttributes)];
  },
});
