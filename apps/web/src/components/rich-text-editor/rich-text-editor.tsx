import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { EditorContent, Extension, ReactNodeViewRenderer, useEditor, useEditorState, type Editor } from '@tiptap/react';
import type { PmDocument } from '@console/contracts';
import { ActionsView } from './actions-view';
import { canonicalDocument, editorContent } from './canonical';
import { EditorDialogs } from './editor-dialogs';
import { editorExtensions } from './extensions';
import { LOAD_CONTENT_META } from './structure-rules';
import { Toolbar, type EditorDialog } from './toolbar';
import classes from './rich-text-editor.module.css';

interface RichTextEditorProps {
  /** Shown above the editor and its accessible name. */
  label: string;
  /** The document shown; a new value from outside replaces the content. */
  value: PmDocument;
  /** Called with the canonical document (contracts pmDocumentSchema) after every edit. */
  onChange: (value: PmDocument) => void;
  /** Offer headings 1-6 (default false: a response has none). */
  headings?: boolean;
  /** Characters of text at most: typing stops there and the count turns red. */
  characterLimit?: number;
  readOnly?: boolean;
  /** Height of the editing area before it grows (default 10rem). */
  minHeight?: string | number;
}

/** How many of its own documents the editor remembers, to tell its echo from a value set from outside. */
const EMITTED_MEMORY = 20;

function CharacterCountText({ editor, limit, id }: { editor: Editor; limit: number; id: string }) {
  const characters = useEditorState({ editor, selector: ({ editor: current }) => current.storage.characterCount.characters() });
  const atLimit = characters >= limit;
  return (
    <Text size="xs" c={atLimit ? 'red.7' : 'dimmed'} fw={atLimit ? 600 : undefined} id={id} data-testid="character-count">
      {`${characters} / ${limit}`}
      <VisuallyHidden component="span">{atLimit ? ' characters, the limit is reached' : ' characters'}</VisuallyHidden>
    </Text>
  );
}

/**
 * The console's rich-text editor (TipTap): it writes exactly the PM documents of contracts
 * rich-text.ts, with a toolbar, an optional character limit
 * and quick-reply blocks. `onChange` receives canonical documents only; a document the server
 * would refuse (it cannot be made with the toolbar) is reported under the editor instead.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  headings = false,
  characterLimit,
  readOnly = false,
  minHeight = '10rem',
}: RichTextEditorProps) {
  const labelId = useId();
  const countId = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // Keys of documents this editor emitted and its owner has not handed back yet.
  const emitted = useRef<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dialog, setDialog] = useState<EditorDialog | null>(null);

  const extensions = useMemo(
    () => [
      ...editorExtensions({ headings, characterLimit, actionsView: ReactNodeViewRenderer(ActionsView) }),
      Extension.create({
        name: 'linkDialogShortcut',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            setDialog('link');
            return true;
          },
        }),
      }),
    ],
    [headings, characterLimit],
  );

  // Made once the editor's component is committed, never during a render: TipTap destroys an editor its
  // component has not committed within one timer tick, and a concurrent render (a navigation) that yields
  // longer then went on with the destroyed editor, whose extension storage is gone (React error #520).
  const editor = useEditor(
    {
      immediatelyRender: false,
      extensions,
      content: editorContent(value),
      editable: !readOnly,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(characterLimit ? { 'aria-describedby': countId } : {}),
          ...(readOnly ? { 'aria-readonly': 'true' } : {}),
          class: classes.content!,
          style: `min-height: ${typeof minHeight === 'number' ? `${minHeight}px` : minHeight}`,
        },
      },
      onUpdate: ({ editor: current }) => {
        const result = canonicalDocument(current.getJSON());
        if (!result.ok) {
          setProblem(result.message);
          return;
        }
        setProblem(null);
        emitted.current = [...emitted.current.slice(1 - EMITTED_MEMORY), result.key];
        onChangeRef.current(result.document);
      },
    },
    [extensions, readOnly, minHeight, labelId, countId],
  );

  // A value from outside replaces the content; the editor's own documents coming back do not.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const incoming = canonicalDocument(value);
    const key = incoming.ok ? incoming.key : JSON.stringify(value);
    const echo = emitted.current.indexOf(key);
    if (echo >= 0) {
      emitted.current = emitted.current.slice(echo + 1);
      return;
    }
    const current = canonicalDocument(editor.getJSON());
    if (current.ok && current.key === key) return;
    emitted.current = [];
    editor
      .chain()
      .setMeta(LOAD_CONTENT_META, true)
      .setMeta('addToHistory', false)
      .setContent(editorContent(value), { emitUpdate: false })
      .run();
    setProblem(null);
  }, [editor, value]);

  return (
    // Forms of the dialogs render in portals; their submit must not reach a form around the editor.
    <Stack gap={4} onSubmit={(event) => event.stopPropagation()}>
      <Text component="div" size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Paper withBorder className={classes.frame} data-readonly={readOnly || undefined}>
        {editor && !readOnly && <Toolbar editor={editor} label={label} headings={headings} onOpenDialog={setDialog} />}
        {/* Until the editor exists (the commit after the first render), its room is kept so nothing jumps. */}
        {editor ? <EditorContent editor={editor} /> : <div style={{ minHeight }} aria-busy="true" />}
      </Paper>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="red.7" role={problem ? 'alert' : undefined}>
          {problem}
        </Text>
        {editor && characterLimit ? <CharacterCountText editor={editor} limit={characterLimit} id={countId} /> : null}
      </Group>
      {editor && !readOnly && <EditorDialogs editor={editor} dialog={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
