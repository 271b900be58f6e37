import { useState, type ReactNode } from 'react';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import type { Editor, JSONContent } from '@tiptap/react';
import type { LinkTarget, QuickReply } from '@console/contracts';
import { AppModal } from '@/components/app-modal';
import { ImageForm, type ImageValues } from './image-form';
import { LinkForm, type LinkValues } from './link-form';
import { QuickReplyForm } from './quick-reply-form';
import type { EditorDialog } from './toolbar';

function applyLink(editor: Editor, { href, target, text }: LinkValues, editing: boolean) {
  const attrs = { href, target: target === 'new_tab' ? '_blank' : null };
  const chain = editor.chain().focus();
  if (editing) chain.extendMarkRange('link').setLink(attrs).run();
  else if (editor.state.selection.empty) chain.insertContent({ type: 'text', text: text || href, marks: [{ type: 'link', attrs }] }).run();
  else chain.setLink(attrs).run();
}

/**
 * Inserts a block (image, quick replies) the way TipTap inserts a horizontal rule: after a
 * selected block rather than over it, with the cursor after it and a paragraph to go on writing
 * in when it ends the document.
 */
function insertBlock(editor: Editor, content: JSONContent) {
  const { selection } = editor.state;
  const chain = editor.chain().focus();
  (selection instanceof NodeSelection ? chain.insertContentAt(selection.to, content) : chain.insertContent(content))
    .command(({ tr, dispatch }) => {
      if (!dispatch) return true;
      const { $to } = tr.selection;
      if ($to.nodeAfter?.isTextblock) {
        tr.setSelection(TextSelection.create(tr.doc, $to.pos + 1));
      } else if (!$to.nodeAfter && $to.depth === 0) {
        tr.insert($to.pos, tr.doc.type.schema.nodes.paragraph!.create());
        tr.setSelection(TextSelection.create(tr.doc, $to.pos + 1));
      }
      return true;
    })
    .run();
}

function applyImage(editor: Editor, { src, alt }: ImageValues, editing: boolean) {
  if (editing) editor.chain().focus().updateAttributes('image', { src, alt: alt || null }).run();
  else insertBlock(editor, { type: 'image', attrs: { src, alt: alt || null } });
}

function insertQuickReply(editor: Editor, reply: QuickReply) {
  insertBlock(editor, { type: 'actions', attrs: { actions: [reply] } });
}

/** The link at the cursor when the dialog opened: edited in place, or a new one. */
function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [opening] = useState(() => {
    const editing = editor.isActive('link');
    const current = editor.getAttributes('link');
    const target: LinkTarget = current.target === '_blank' ? 'new_tab' : 'same_tab';
    return { editing, href: editing ? String(current.href ?? '') : '', target, askText: !editing && editor.state.selection.empty };
  });
  return (
    <LinkForm
      initial={{ href: opening.href, target: opening.target }}
      askText={opening.askText}
      onApply={(link) => applyLink(editor, link, opening.editing)}
      onRemove={opening.editing ? () => editor.chain().focus().extendMarkRange('link').unsetLink().run() : undefined}
      onClose={onClose}
    />
  );
}

/** The selected image when the dialog opened, or a new one. */
function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [opening] = useState(() => {
    const editing = editor.isActive('image');
    const current = editor.getAttributes('image');
    return { editing, src: editing ? String(current.src ?? '') : '', alt: editing ? String(current.alt ?? '') : '' };
  });
  return (
    <ImageForm
      initial={{ src: opening.src, alt: opening.alt }}
      onApply={(image) => applyImage(editor, image, opening.editing)}
      onClose={onClose}
    />
  );
}

function DialogBody({ editor, dialog, onClose }: { editor: Editor; dialog: EditorDialog; onClose: () => void }) {
  switch (dialog) {
    case 'link':
      return <LinkDialog editor={editor} onClose={onClose} />;
    case 'image':
      return <ImageDialog editor={editor} onClose={onClose} />;
    case 'quickReply':
      return <QuickReplyForm reply={null} submitLabel="Insert" onSubmit={(reply) => insertQuickReply(editor, reply)} onClose={onClose} />;
  }
}

const titles: Record<EditorDialog, string> = { link: 'Link', image: 'Image', quickReply: 'Insert Quick Replies' };

/**
 * The toolbar's dialogs. The form is read from the editor when the dialog opens (editing the link
 * or image at the cursor); closing gives the focus back to the text.
 */
export function EditorDialogs({ editor, dialog, onClose }: { editor: Editor; dialog: EditorDialog | null; onClose: () => void }): ReactNode {
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  return (
    <AppModal opened={dialog !== null} onClose={close} title={dialog ? titles[dialog] : undefined} centered returnFocus={false}>
      {dialog && <DialogBody editor={editor} dialog={dialog} onClose={close} />}
    </AppModal>
  );
}
