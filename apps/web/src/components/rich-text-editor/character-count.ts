import { CharacterCount } from '@tiptap/extensions';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin } from '@tiptap/pm/state';
import { LOAD_CONTENT_META } from './structure-rules';

/** Characters of text, as the server counts a response (contracts kbCharacterCount): blocks and atoms add none. */
function textLength(doc: PmNode): number {
  let total = 0;
  doc.descendants((node) => {
    if (node.isText) total += node.text?.length ?? 0;
    return true;
  });
  return total;
}

/**
 * TipTap's CharacterCount with the server's way of counting, stopping typing at the limit. A
 * document loaded from outside is never cut: a stored response over the limit shows whole and can
 * be shortened by hand.
 */
export const ResponseCharacterCount = CharacterCount.extend({
  onBeforeCreate(event) {
    this.parent?.(event);
    this.storage.characters = (options) => textLength(options?.node ?? this.editor.state.doc);
  },

  addProseMirrorPlugins() {
    return (this.parent?.() ?? []).map(
      (plugin) =>
        new Plugin({
          ...plugin.spec,
          filterTransaction: (tr, state) =>
            tr.getMeta(LOAD_CONTENT_META) === true || (plugin.spec.filterTransaction?.call(plugin, tr, state) ?? true),
        }),
    );
  },
});
