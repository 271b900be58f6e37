import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Editor, getSchema } from '@tiptap/react';
import { undo } from '@tiptap/pm/history';
import { Slice } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { PM_NODE_TYPES, kbToPm, pmDocumentSchema, type KbDocument, type PmDocument } from '@console/contracts';
import { canonicalDocument, editorContent } from './canonical';
import { editorExtensions } from './extensions';
import { LOAD_CONTENT_META } from './structure-rules';

/** A KB document with every node type, mark and link target of the response model. */
const everyNode: KbDocument = {
  children: [
    {
      type: 'hierarchy_header',
      header: 'Returns',
      level: 2,
      children: [
        {
          type: 'hierarchy_paragraph',
          children: [
            { type: 'hierarchy_text', value: 'Send it ' },
            { type: 'hierarchy_text', value: 'back', marks: ['bold', 'italic'] },
            { type: 'hierarchy_link', value: ' here', url: 'https://example.com/returns', target: 'new_tab', marks: ['bold'] },
            { type: 'hierarchy_link', value: ' or mail', url: 'mailto:help@example.com', target: 'same_tab' },
          ],
        },
        {
          type: 'hierarchy_list',
          ordered: true,
          start: 3,
          items: [
            { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Pack' }] }] },
            {
              children: [
                { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Ship' }] },
                {
                  type: 'hierarchy_list',
                  ordered: false,
                  start: 1,
                  items: [{ children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Track' }] }] }],
                },
              ],
            },
          ],
        },
        { type: 'hierarchy_image', url: 'https://example.com/box.png', alt: 'A box', title: null },
        { type: 'hierarchy_horizontal_rule' },
        {
          type: 'hierarchy_actions',
          actions: [
            { type: 'query', label: 'Refunds', utterance: 'How do refunds work?' },
            { type: 'event', label: 'Talk to us', event: 'handoff' },
          ],
        },
        { type: 'hierarchy_cutoff' },
        { type: 'hierarchy_paragraph', children: [] },
      ],
    },
  ],
};

function headlessEditor(options: Parameters<typeof editorExtensions>[0], content: PmDocument) {
  const editor = new Editor({ element: null, extensions: editorExtensions(options), content: editorContent(content) });
  // Without a view TipTap does not install plugins: a bare state with them shows what the editor would allow.
  const state = EditorState.create({ schema: editor.schema, doc: editor.state.doc, plugins: editor.extensionManager.plugins });
  return { editor, state };
}

function typeAtEnd(state: EditorState, text: string): EditorState {
  const end = TextSelection.atEnd(state.doc);
  return state.apply(state.tr.setSelection(end).insertText(text));
}

const paragraph = (text: string): PmDocument => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe('editor model', () => {
  beforeAll(() => {
    // Node 20 has no navigator; TipTap's keymap asks it which platform it runs on.
    if (typeof navigator === 'undefined') vi.stubGlobal('navigator', { platform: 'Linux', userAgent: 'node', maxTouchPoints: 0 });
  });

  it('has exactly the node and mark types of the response model', () => {
    for (const headings of [true, false]) {
      const schema = getSchema(editorExtensions({ headings }));
      expect(Object.keys(schema.nodes).sort()).toEqual(['doc', ...PM_NODE_TYPES, 'listItem'].filter((v, i, all) => all.indexOf(v) === i).sort());
      expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'italic', 'link']);
    }
  });

  it('loads every canonical document and gives it back unchanged', () => {
    const document = pmDocumentSchema.parse(kbToPm(everyNode));
    const { editor } = headlessEditor({ headings: true }, document);
    const result = canonicalDocument(editor.getJSON());
    expect(result.ok && result.document).toEqual(document);
  });

  it('reads the empty editor as the empty document', () => {
    const { editor } = headlessEditor({ headings: false }, { type: 'doc' });
    expect(canonicalDocument(editor.getJSON())).toMatchObject({ ok: true, document: { type: 'doc' } });
  });

  it('refuses a new heading where the editor has none, but keeps a stored one', () => {
    const stored: PmDocument = { type: 'doc', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Kept' }] }, ...paragraph('Body').content!] };
    const { editor, state } = headlessEditor({ headings: false }, stored);
    expect(editor.getJSON().content?.[0]?.type).toBe('heading');
    const paragraphPos = state.doc.child(0).nodeSize;
    const tr = state.tr.setNodeMarkup(paragraphPos, state.schema.nodes.heading, { level: 1 });
    expect(state.applyTransaction(tr).state.doc.child(1).type.name).toBe('paragraph');
    const withoutStored = state.apply(state.tr.delete(0, state.doc.child(0).nodeSize));
    expect(undo(withoutStored, (undone) => expect(withoutStored.apply(undone).doc.child(0).type.name).toBe('heading'))).toBe(true);
  });

  it('pastes headings as paragraphs where the editor has none', () => {
    const { state } = headlessEditor({ headings: false }, { type: 'doc' });
    const pasted = state.schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Title' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Item', marks: [{ type: 'bold' }] }] }] }] },
      ],
    });
    const plugin = state.plugins.find((candidate) => candidate.props.transformPasted)!;
    const slice = plugin.props.transformPasted!.call(plugin, new Slice(pasted.content, 0, 0), { state } as never, false);
    expect(slice.content.toJSON()).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Title' }] },
      pasted.child(1).toJSON(),
    ]);
  });

  it('keeps headings plain text at the top level', () => {
    const { state } = headlessEditor({ headings: true }, { type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }] }] }] });
    const bold = state.schema.marks.bold!.create();
    const heading = state.schema.nodes.heading!.create({ level: 1 }, state.schema.text('Title', [bold]));
    // After the first paragraph of the list item (doc > list 0 > item 1 > paragraph 2-4).
    const inList = state.applyTransaction(state.tr.insert(5, heading)).state;
    expect(inList.doc.firstChild?.firstChild?.child(1).type.name).toBe('paragraph');
    expect(canonicalDocument(inList.doc.toJSON()).ok).toBe(true);
    const withHeading = state.applyTransaction(state.tr.insert(0, heading)).state;
    expect(withHeading.doc.child(0).firstChild?.marks).toEqual([]);
  });

  it('stops typing at the character limit, counting text only, but loads a longer document whole', () => {
    const { state } = headlessEditor({ headings: false, characterLimit: 10 }, { type: 'doc', content: [{ type: 'horizontalRule' }, ...paragraph('12345678').content!] });
    const typed = typeAtEnd(state, '90');
    expect(typed.doc.textContent).toBe('1234567890');
    expect(typeAtEnd(typed, 'x').doc.textContent).toBe('1234567890');
    const long = state.schema.nodeFromJSON(paragraph('x'.repeat(25)));
    const loaded = state.apply(state.tr.replaceWith(0, state.doc.content.size, long.content).setMeta(LOAD_CONTENT_META, true));
    expect(loaded.doc.textContent).toHaveLength(25);
  });

  it('accepts only links and images the server accepts', () => {
    const { editor } = headlessEditor({ headings: false }, paragraph('click'));
    editor.commands.selectAll();
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(editor.commands.setLink({ href: 'https://example.com', target: '_blank' })).toBe(true);
    expect(canonicalDocument(editor.getJSON())).toMatchObject({
      ok: true,
      document: { content: [{ content: [{ marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }] }] }] },
    });
  });
});
