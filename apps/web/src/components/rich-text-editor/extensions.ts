import type { Extensions, NodeViewRenderer } from '@tiptap/react';
import { Image } from '@tiptap/extension-image';
import { StarterKit } from '@tiptap/starter-kit';
import { HEADING_LEVELS, imageUrlSchema, linkUrlSchema } from '@console/contracts';
import { ResponseCharacterCount } from './character-count';
import { Actions, Cutoff } from './nodes';
import { structureRules } from './structure-rules';

export interface EditorModelOptions {
  /** Whether the editor offers headings (a source does, a response does not). */
  headings: boolean;
  /** Characters of text at most; typing stops there. */
  characterLimit?: number;
  /** How the quick-reply block is drawn; without one it is plain HTML (tests, read-only rendering). */
  actionsView?: NodeViewRenderer;
}

/** Only images with a URL the server accepts can be pasted in. */
const ResponseImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (imageUrlSchema.safeParse(element.getAttribute('src')).success ? null : false),
      },
    ];
  },
}).configure({ inline: false, allowBase64: false });

/**
 * The editor's schema and behaviour: exactly the PM model of contracts rich-text.ts. Nodes
 * paragraph, heading, bulletList, orderedList, listItem, image, horizontalRule, actions, cutoff;
 * marks bold, italic, link (http, https and mailto only, made through the link dialog). Every
 * other part of StarterKit is off, so the editor cannot make what the server refuses.
 */
export function editorExtensions({ headings, characterLimit, actionsView }: EditorModelOptions): Extensions {
  return [
    StarterKit.configure({
      blockquote: false,
      code: false,
      codeBlock: false,
      hardBreak: false,
      strike: false,
      underline: false,
      // An appended empty paragraph would change a loaded document before anyone typed.
      trailingNode: false,
      heading: { levels: [...HEADING_LEVELS] },
      link: {
        openOnClick: false,
        // Links come from the dialog, where the URL is checked and the target chosen.
        autolink: false,
        linkOnPaste: false,
        HTMLAttributes: { target: null, rel: 'noopener noreferrer nofollow' },
        isAllowedUri: (url) => linkUrlSchema.safeParse(url).success,
      },
    }),
    ResponseImage,
    actionsView ? Actions.extend({ addNodeView: () => actionsView }) : Actions,
    Cutoff,
    structureRules({ headings }),
    ResponseCharacterCount.configure({ limit: characterLimit ?? null, autoTrim: false }),
  ];
}
