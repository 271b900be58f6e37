import { useState } from 'react';
import { ActionIcon, Button, CloseButton, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBolt, IconMessageReply, IconPlus, IconTrash } from '@tabler/icons-react';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import type { QuickReply } from '@console/contracts';
import { FormModal } from '@/components/form-modal';
import { readReplies } from './nodes';
import { QuickReplyForm } from './quick-reply-form';
import classes from './rich-text-editor.module.css';

function describe(reply: QuickReply): string {
  return reply.type === 'query' ? `Asks: ${reply.utterance}` : `Sends the event ${reply.event}`;
}

function ReplyChip({ reply, editable, onEdit, onRemove }: { reply: QuickReply; editable: boolean; onEdit: () => void; onRemove: () => void }) {
  const Icon = reply.type === 'query' ? IconMessageReply : IconBolt;
  const body = (
    <Group gap={4} wrap="nowrap">
      <Icon size={14} aria-hidden="true" />
      <Text size="sm" span>
        {reply.label}
      </Text>
    </Group>
  );
  return (
    <Group gap={2} wrap="nowrap" className={classes.chip} role="listitem">
      <Tooltip label={describe(reply)}>
        {editable ? (
          <UnstyledButton onClick={onEdit} aria-label={`Edit quick reply ${reply.label}`} className={classes.chipLabel}>
            {body}
          </UnstyledButton>
        ) : (
          <span className={classes.chipLabel}>{body}</span>
        )}
      </Tooltip>
      {editable && <CloseButton size="xs" onClick={onRemove} aria-label={`Remove quick reply ${reply.label}`} />}
    </Group>
  );
}

/**
 * The quick-reply block drawn in the editor: its replies as chips, each editable and removable, a
 * button to add one and one to remove the block. Read-only editors show the chips alone.
 */
export function ActionsView({ node, editor, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const replies = readReplies(node.attrs.actions);
  // null: closed; -1: a new reply; otherwise the index of the reply being edited.
  const [editing, setEditing] = useState<number | null>(null);
  const editable = editor.isEditable;
  const save = (reply: QuickReply) =>
    updateAttributes({ actions: editing === -1 ? [...replies, reply] : replies.map((old, index) => (index === editing ? reply : old)) });

  return (
    <NodeViewWrapper className={classes.actions} data-selected={selected || undefined} contentEditable={false}>
      <Group gap="xs" align="center" wrap="wrap" role="group" aria-label="Quick replies">
        <Text size="xs" c="dimmed" fw={500}>
          Quick replies
        </Text>
        <Group gap={6} role="list" wrap="wrap">
          {replies.map((reply, index) => (
            <ReplyChip
              key={`${index}-${reply.label}`}
              reply={reply}
              editable={editable}
              onEdit={() => setEditing(index)}
              onRemove={() => updateAttributes({ actions: replies.filter((_, other) => other !== index) })}
            />
          ))}
        </Group>
        {replies.length === 0 && (
          <Text size="xs" c="dimmed">
            None yet.
          </Text>
        )}
        {editable && (
          <>
            <Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={() => setEditing(-1)}>
              Add quick reply
            </Button>
            <ActionIcon size="sm" variant="subtle" color="red" onClick={deleteNode} aria-label="Remove quick replies block">
              <IconTrash size={14} />
            </ActionIcon>
          </>
        )}
      </Group>
      <FormModal opened={editing !== null} onClose={() => setEditing(null)} title={editing === -1 ? 'Add Quick Reply' : 'Edit Quick Reply'}>
        <QuickReplyForm
          reply={editing !== null && editing >= 0 ? (replies[editing] ?? null) : null}
          submitLabel={editing === -1 ? 'Add' : 'Save'}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      </FormModal>
    </NodeViewWrapper>
  );
}
