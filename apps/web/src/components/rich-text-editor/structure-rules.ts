import { Extension } from '@tiptap/react';
import { Fragment, Slice, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import { isHistoryTransaction } from '@tiptap/pm/history';
import { Plugin, PluginKey } from '@tiptap/pm/state';

/** Marks a transaction that loads a document from outside: the rules below let it through unchanged. */
export const LOAD_CONTENT_META = 'loadContent';

/**
 * Headings as the response model has them (contracts rich-text.ts): top-level blocks of plain
 * text, and none at all where the editor has no headings (a response). The heading node itself is
 * always in the schema, so a stored document that holds one loads without loss.
 */

function countHeadings(doc: PmNode): number {
  let count = 0;
  doc.forEach((node) => {
    if (node.type.name === 'heading') count += 1;
  });
  return count;
}

function hasMarks(node: PmNode): boolean {
  let marked = false;
  node.forEach((child) => {
    if (child.marks.length) marked = true;
  });
  return marked;
}

/** A pasted slice with every heading turned into a paragraph of the same text. */
function headingsToParagraphs(fragment: Fragment, schema: Schema): Fragment {
  const nodes: PmNode[] = [];
  fragment.forEach((node) => {
    if (node.type.name === 'heading') nodes.push(schema.nodes.paragraph!.create(null, node.content));
    else if (node.isTextblock || node.isLeaf) nodes.push(node);
    else nodes.push(node.copy(headingsToParagraphs(node.content, schema)));
  });
  return Fragment.from(nodes);
}

export function structureRules({ headings }: { headings: boolean }) {
  return Extension.create({
    name: 'structureRules',

    addProseMirrorPlugins() {
      return [
        new Plugin({
          key: new PluginKey('structureRules'),
          props: headings
            ? {}
            : {
                transformPasted: (slice, view) =>
                  new Slice(headingsToParagraphs(slice.content, view.state.schema), slice.openStart, slice.openEnd),
              },
          // Without headings, no edit may add one (shortcuts, input rules, drops); undo may bring a stored one back.
          filterTransaction: (tr, state) =>
            headings ||
            !tr.docChanged ||
            tr.getMeta(LOAD_CONTENT_META) === true ||
            isHistoryTransaction(tr) ||
            countHeadings(tr.doc) <= countHeadings(state.doc),
          // A heading inside a list becomes a paragraph; heading text loses its marks.
          appendTransaction: (transactions, _old, state) => {
            if (!transactions.some((tr) => tr.docChanged)) return null;
            const tr = state.tr;
            state.doc.descendants((node, pos, parent) => {
              if (node.type.name !== 'heading') return true;
              if (parent !== state.doc) tr.setNodeMarkup(pos, state.schema.nodes.paragraph);
              else if (hasMarks(node)) tr.removeMark(pos + 1, pos + node.nodeSize - 1, null);
              return false;
            });
            return tr.docChanged ? tr : null;
          },
        }),
      ];
    },
  });
}
