import { Fragment, type ComponentType } from 'react';
import { ActionIcon, Divider, Group, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconH1,
  IconH2,
  IconH3,
  IconH4,
  IconH5,
  IconH6,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconMessageReply,
  IconPhoto,
  IconPilcrow,
  IconSeparatorHorizontal,
} from '@tabler/icons-react';
import { useEditorState, type Editor } from '@tiptap/react';
import { HEADING_LEVELS } from '@console/contracts';
import classes from './rich-text-editor.module.css';

export type EditorDialog = 'link' | 'image' | 'quickReply';

interface ToolbarButton {
  label: string;
  /** Keyboard shortcut named in the tooltip. */
  shortcut?: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  pressed: boolean;
  disabled?: boolean;
  run: () => void;
}

const headingIcons = [IconH1, IconH2, IconH3, IconH4, IconH5, IconH6];
const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** What the toolbar shows, read from the editor on every transaction. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      paragraph: current.isActive('paragraph'),
      headings: HEADING_LEVELS.map((level) => current.isActive('heading', { level })),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      image: current.isActive('image'),
      horizontalRule: current.isActive('horizontalRule'),
      actions: current.isActive('actions'),
      canParagraph: current.can().setParagraph(),
      canHeading: current.can().setHeading({ level: 1 }),
      // Heading text is plain (the structure rules drop its marks).
      canBold: !current.isActive('heading') && current.can().toggleBold(),
      canItalic: !current.isActive('heading') && current.can().toggleItalic(),
      canBulletList: current.can().toggleBulletList(),
      canOrderedList: current.can().toggleOrderedList(),
    }),
  });
}

/**
 * The editor's toolbar: paragraph, headings 1-6 when enabled,
 * bold, italic, lists, link, image, horizontal rule and quick replies. Real buttons, each with
 * its name and pressed state, in the Tab order.
 */
export function Toolbar({
  editor,
  label,
  headings,
  onOpenDialog,
}: {
  editor: Editor;
  label: string;
  headings: boolean;
  onOpenDialog: (dialog: EditorDialog) => void;
}) {
  const state = useToolbarState(editor);
  const chain = () => editor.chain().focus();

  const groups: ToolbarButton[][] = [
    [
      { label: 'Paragraph', icon: IconPilcrow, pressed: state.paragraph, disabled: !state.paragraph && !state.canParagraph, run: () => chain().setParagraph().run() },
      ...(headings
        ? HEADING_LEVELS.map((level, index) => ({
            label: `Heading ${level}`,
            icon: headingIcons[index]!,
            pressed: state.headings[index]!,
            disabled: !state.headings[index] && !state.canHeading,
            run: () => chain().toggleHeading({ level }).run(),
          }))
        : []),
    ],
    [
      { label: 'Bold', shortcut: `${mod}B`, icon: IconBold, pressed: state.bold, disabled: !state.canBold, run: () => chain().toggleBold().run() },
      { label: 'Italic', shortcut: `${mod}I`, icon: IconItalic, pressed: state.italic, disabled: !state.canItalic, run: () => chain().toggleItalic().run() },
    ],
    [
      { label: 'Bullet list', icon: IconList, pressed: state.bulletList, disabled: !state.canBulletList, run: () => chain().toggleBulletList().run() },
      { label: 'Ordered list', icon: IconListNumbers, pressed: state.orderedList, disabled: !state.canOrderedList, run: () => chain().toggleOrderedList().run() },
    ],
    [
      { label: 'Link', shortcut: `${mod}K`, icon: IconLink, pressed: state.link, run: () => onOpenDialog('link') },
      { label: 'Image', icon: IconPhoto, pressed: state.image, run: () => onOpenDialog('image') },
      { label: 'Horizontal rule', icon: IconSeparatorHorizontal, pressed: state.horizontalRule, run: () => chain().setHorizontalRule().run() },
      { label: 'Quick replies', icon: IconMessageReply, pressed: state.actions, run: () => onOpenDialog('quickReply') },
    ],
  ];

  return (
    <Group gap={4} wrap="wrap" className={classes.toolbar} role="toolbar" aria-label={`${label} formatting`}>
      {groups.map((buttons, index) => (
        <Fragment key={index}>
          {index > 0 && <Divider orientation="vertical" />}
          {buttons.map(({ label: name, shortcut, icon: Icon, pressed, disabled, run }) => (
            <Tooltip key={name} label={shortcut ? `${name} (${shortcut})` : name} openDelay={400}>
              <ActionIcon
                variant={pressed ? 'light' : 'subtle'}
                color={pressed ? undefined : 'gray'}
                aria-label={name}
                aria-pressed={pressed}
                disabled={disabled}
                onClick={run}
              >
                <Icon size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          ))}
        </Fragment>
      ))}
    </Group>
  );
}
