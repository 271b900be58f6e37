import { Chip, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { Fix, TopicDetail } from '@console/contracts';
import { EntityForm } from '@/components/entity-form';
import { useFixForm } from './use-fix-form';
import { ItemChoice } from './item-choice';

/** What every fix form is given: the topic, the questions chosen (none: all of them) and what follows a fix. */
export interface FixFormProps {
  projectId: string;
  detail: TopicDetail;
  /** The chosen questions' answer ids; empty for all of the topic's. */
  selection: readonly string[];
  onFixed: (fix: Fix) => void;
}

/** The chosen questions, or (none chosen) undefined: the server takes the topic's own. */
const chosen = (selection: readonly string[]) => (selection.length ? [...selection] : undefined);

const firstSuggestion = (detail: TopicDetail) => detail.suggested_items[0]?.content_id ?? '';

/** The item a fix points the questions at, held in the form's `content_id`. */
function ItemField({ projectId, detail, form, error }: {
  projectId: string;
  detail: TopicDetail;
  form: { values: { content_id: string }; setField: (field: 'content_id', value: string) => void };
  error: string | undefined;
}) {
  return (
    <ItemChoice
      projectId={projectId}
      label="Item"
      suggestions={detail.suggested_items}
      value={form.values.content_id}
      onChange={(contentId) => form.setField('content_id', contentId)}
      error={error}
    />
  );
}

/** The questions become utterances of an item: a suggested one (the nearest first) or another. */
export function AddUtterancesForm({ projectId, detail, selection, onFixed }: FixFormProps) {
  const form = useFixForm({
    projectId,
    topicId: detail.topic.id,
    initialValues: { content_id: firstSuggestion(detail) },
    toBody: (values) => ({ kind: 'add_utterances', content_id: values.content_id, answer_ids: chosen(selection) }),
    onFixed,
  });
  return (
    <EntityForm form={form} submitLabel="Add as utterances">
      <ItemField projectId={projectId} detail={detail} form={form} error={form.errors.content_id} />
    </EntityForm>
  );
}

/** A new item whose utterances are the questions; its page opens next, for its response to be written. */
export function NewContentForm({ projectId, detail, selection, onFixed }: FixFormProps) {
  const form = useFixForm({
    projectId,
    topicId: detail.topic.id,
    initialValues: { subject: detail.topic.label },
    toBody: (values) => ({ kind: 'new_content', subject: values.subject, answer_ids: chosen(selection) }),
    onFixed,
  });
  return (
    <EntityForm form={form} submitLabel="Create content item">
      <TextInput label="Subject" description="The questions become its utterances; its response is written next." autoComplete="off" {...form.textProps('subject')} />
    </EntityForm>
  );
}

/** A jargon mapping: the words the questions share (that the content does not use) read as the project's own word. */
export function JargonForm({ projectId, detail, onFixed }: Omit<FixFormProps, 'selection'>) {
  const form = useFixForm({
    projectId,
    topicId: detail.topic.id,
    initialValues: { keyword: '', terms: [] as string[] },
    toBody: (values) => ({ kind: 'jargon', keyword: values.keyword, terms: values.terms }),
    onFixed,
  });
  if (detail.shared_words.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        These questions share no word the content does not use.
      </Text>
    );
  }
  return (
    <EntityForm form={form} submitLabel="Add jargon mapping">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Visitors&apos; words
        </Text>
        <Chip.Group multiple value={form.values.terms} onChange={(terms) => form.setField('terms', terms)}>
          <Group gap={6} role="group" aria-label="Visitors' words">
            {detail.shared_words.map(({ word, count }) => (
              <Chip key={word} value={word} size="xs">
                {`${word} (${count})`}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {form.errors.terms && (
          <Text size="xs" c="red.7">
            {form.errors.terms}
          </Text>
        )}
      </Stack>
      <TextInput label="Keyword" description="The project's word for them: every question reads it instead." autoComplete="off" {...form.textProps('keyword')} />
    </EntityForm>
  );
}

/** The questions become the project's out-of-scope examples: questions like them are then refused. */
export function OutOfScopeForm({ projectId, detail, selection, onFixed }: FixFormProps) {
  const form = useFixForm({
    projectId,
    topicId: detail.topic.id,
    initialValues: {},
    toBody: () => ({ kind: 'out_of_scope', answer_ids: chosen(selection) }),
    onFixed,
  });
  return (
    <EntityForm form={form} submitLabel="Add as out-of-scope examples">
      <Text size="sm">Questions like these are then refused as out of scope, with the project&apos;s out-of-scope response.</Text>
    </EntityForm>
  );
}

const expectations = [
  { value: 'content', label: 'An item' },
  { value: 'out_of_scope', label: 'Out of scope' },
];

/** The questions become test cases expecting an item (a suggested one or another) or to be refused. */
export function TestCasesForm({ projectId, detail, selection, onFixed }: FixFormProps) {
  const form = useFixForm({
    projectId,
    topicId: detail.topic.id,
    initialValues: { expect: 'content' as 'content' | 'out_of_scope', content_id: firstSuggestion(detail) },
    toBody: (values) => ({
      kind: 'test_cases',
      expect: values.expect === 'content' ? { type: 'content', content_id: values.content_id } : { type: 'out_of_scope' },
      answer_ids: chosen(selection),
    }),
    onFixed,
  });
  return (
    <EntityForm form={form} submitLabel="Add test cases">
      <Radio.Group label="Expecting" value={form.values.expect} onChange={(value) => form.setField('expect', value as 'content' | 'out_of_scope')}>
        <Group gap="md" mt={4}>
          {expectations.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Group>
      </Radio.Group>
      {form.values.expect === 'content' && (
        <ItemField projectId={projectId} detail={detail} form={form} error={form.errors.expect} />
      )}
    </EntityForm>
  );
}
