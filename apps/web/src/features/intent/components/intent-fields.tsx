import { TextInput } from '@mantine/core';
import { intentBody } from '@console/contracts';
import type { EntityForm } from '@/components/entity-form/use-entity-form';
import { TextListInput, textListErrors } from '@/components/text-list-input';

export interface IntentValues extends Record<string, unknown> {
  intent: string;
  utterances: string[];
}

/** Name and Utterances of an intent, editable or read-only, with the messages of project-areas §5. */
export function IntentFields({ form, readOnly = false }: { form: EntityForm<IntentValues>; readOnly?: boolean }) {
  return (
    <>
      <TextInput label="Name" autoComplete="off" data-autofocus readOnly={readOnly} {...form.textProps('intent')} />
      <TextListInput
        legend="Utterances"
        itemLabel="Utterance"
        values={form.values.utterances}
        onChange={readOnly ? undefined : (utterances) => form.setField('utterances', utterances)}
        errors={form.errors.utterances ? textListErrors(intentBody.shape.utterances, form.values.utterances) : undefined}
      />
    </>
  );
}
