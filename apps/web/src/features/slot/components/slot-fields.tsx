import { TextInput } from '@mantine/core';
import { slotBody } from '@console/contracts';
import type { EntityForm } from '@/components/entity-form/use-entity-form';
import { TextListInput, textListErrors } from '@/components/text-list-input';

export interface SlotValues extends Record<string, unknown> {
  name: string;
  terms: string[];
}

/** Name and Terms of a slot, editable or read-only, with the messages of project-areas §5. */
export function SlotFields({ form, readOnly = false }: { form: EntityForm<SlotValues>; readOnly?: boolean }) {
  return (
    <>
      <TextInput label="Name" autoComplete="off" data-autofocus readOnly={readOnly} {...form.textProps('name')} />
      <TextListInput
        legend="Terms"
        itemLabel="Term"
        values={form.values.terms}
        onChange={readOnly ? undefined : (terms) => form.setField('terms', terms)}
        errors={form.errors.terms ? textListErrors(slotBody.shape.terms, form.values.terms) : undefined}
      />
    </>
  );
}
