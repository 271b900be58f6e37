import { Select, TextInput } from '@mantine/core';
import { ACTION_TYPES, quickReplySchema, type ActionType, type QuickReply } from '@console/contracts';
import { ModalEntityForm, useModalEntityForm } from '@/components/entity-form';

interface QuickReplyValues extends Record<string, unknown> {
  type: ActionType;
  label: string;
  utterance: string;
  event: string;
}

function valuesOf(reply: QuickReply | null): QuickReplyValues {
  return {
    type: reply?.type ?? 'query',
    label: reply?.label ?? '',
    utterance: reply?.type === 'query' ? reply.utterance : '',
    event: reply?.type === 'event' ? reply.event : '',
  };
}

/** Only the fields of the chosen type go to the schema. */
function inputOf({ type, label, utterance, event }: QuickReplyValues): unknown {
  return type === 'query' ? { type, label, utterance } : { type, label, event };
}

/**
 * A quick reply: Type query with Label and Utterance, or event with Label
 * and Event, validated with contracts quickReplySchema. The editor's quick-reply chips and the
 * content action list both use it.
 */
export function QuickReplyForm({
  reply,
  submitLabel,
  onSubmit,
  onClose,
}: {
  /** The reply being edited; null for a new one. */
  reply: QuickReply | null;
  submitLabel: string;
  /** Stores the reply; the modal closes when it resolves and shows its failure otherwise. */
  onSubmit: (reply: QuickReply) => Promise<unknown> | void;
  onClose: () => void;
}) {
  const form = useModalEntityForm({
    schema: quickReplySchema,
    initialValues: valuesOf(reply),
    toInput: inputOf,
    onSubmit: async (parsed) => {
      await onSubmit(parsed);
    },
    onDone: onClose,
  });

  return (
    <ModalEntityForm form={form} submitLabel={submitLabel} onClose={onClose}>
      <Select label="Type" data={[...ACTION_TYPES]} {...form.selectProps('type')} />
      <TextInput label="Label" autoComplete="off" data-autofocus {...form.textProps('label')} />
      {form.values.type === 'query' ? (
        <TextInput
          key="utterance"
          label="Utterance"
          description="What the assistant is asked when the reply is chosen."
          autoComplete="off"
          {...form.textProps('utterance')}
        />
      ) : (
        <TextInput
          key="event"
          label="Event"
          description="The event sent to the page that hosts the chat."
          autoComplete="off"
          {...form.textProps('event')}
        />
      )}
    </ModalEntityForm>
  );
}
