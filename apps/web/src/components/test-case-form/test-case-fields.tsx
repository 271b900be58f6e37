import { useMemo } from 'react';
import { Select, TextInput } from '@mantine/core';
import { testCaseExpectationLabels, testCaseExpectations } from '@console/contracts';
import type { EntityForm } from '@/components/entity-form/use-entity-form';
import { TextListInput, textListIssueErrors } from '@/components/text-list-input';
import { useIntentOptions, useSequenceOptions } from '@/hooks/use-flow-options';
import { sequenceApi } from '@/lib/api/sequence-api';
import { ContentPicker } from './content-picker';
import type { ExpectationValues, TestCaseFormValues } from './test-case-values';

const expectationOptions = testCaseExpectations.map((type) => ({ value: type, label: testCaseExpectationLabels[type] }));

/** Named by its name; an unnamed node by its place, as the builder shows it unnamed. */
const nodeLabel = (name: string, index: number) => name || `Unnamed node ${index + 1}`;

/**
 * A case's fields: the question, the earlier questions of its conversation (for a follow-up), what must
 * happen (the expectation's type, then its content item, intent, or sequence and node; nothing for out
 * of scope) and text the answer must contain.
 */
export function TestCaseFields({ form, projectId }: { form: EntityForm<TestCaseFormValues>; projectId: string }) {
  const { expect } = form.values;
  const intents = useIntentOptions(projectId);
  const sequences = useSequenceOptions(projectId);
  const { data: flows } = sequenceApi.useAll(projectId, 'name');
  const nodes = useMemo(
    () => flows?.find((sequence) => sequence.id === expect.sequence_id)?.nodes.map((node, index) => ({ value: node.id, label: nodeLabel(node.name, index) })) ?? [],
    [flows, expect.sequence_id],
  );
  const setExpect = (change: Partial<ExpectationValues>) => form.updateField('expect', (current) => ({ ...current, ...change }));
  // The expectation's message, beside the picker it is about (the schema names it: ['expect', 'content_id']).
  const expectIssue = form.errors.expect ? form.issues.find((issue) => issue.path[0] === 'expect') : undefined;
  const expectError = (field: keyof ExpectationValues) => {
    if (!expectIssue) return undefined;
    const at = expectIssue.path[1] ?? 'type';
    return at === field ? expectIssue.message : undefined;
  };

  return (
    <>
      <TextInput label="Question" autoComplete="off" data-autofocus {...form.textProps('question')} />
      <TextListInput
        legend="Earlier questions"
        itemLabel="Earlier question"
        values={form.values.context}
        onChange={(next) => form.setField('context', next)}
        errors={form.errors.context ? textListIssueErrors(form.issues, 'context') : undefined}
      />
      <Select
        label="Expectation"
        data={expectationOptions}
        value={expect.type}
        onChange={(type) => type && setExpect({ type: type as ExpectationValues['type'] })}
        allowDeselect={false}
        error={expectError('type')}
      />
      {expect.type === 'content' && (
        <ContentPicker projectId={projectId} label="Content item" value={expect.content_id} onChange={(content_id) => setExpect({ content_id })} error={expectError('content_id')} />
      )}
      {expect.type === 'intent' && (
        <Select
          label="Intent"
          data={intents}
          value={expect.intent_id || null}
          onChange={(intent_id) => setExpect({ intent_id: intent_id ?? '' })}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No intent matches"
          error={expectError('intent_id')}
        />
      )}
      {expect.type === 'step' && (
        <>
          <Select
            label="Sequence"
            data={sequences}
            value={expect.sequence_id || null}
            // Another sequence's node is no step of this one.
            onChange={(sequence_id) => setExpect({ sequence_id: sequence_id ?? '', node_id: '' })}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No sequence matches"
            error={expectError('sequence_id')}
          />
          <Select
            label="Node"
            description="Where the flow stands after the question"
            data={nodes}
            value={expect.node_id || null}
            onChange={(node_id) => setExpect({ node_id: node_id ?? '' })}
            searchable
            allowDeselect={false}
            disabled={!expect.sequence_id}
            nothingFoundMessage="No node matches"
            error={expectError('node_id')}
          />
        </>
      )}
      <TextInput
        label="Must contain"
        description="Text the answer must contain (optional)"
        autoComplete="off"
        {...form.textProps('must_contain')}
      />
    </>
  );
}
