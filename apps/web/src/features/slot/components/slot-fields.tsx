import { NumberInput, Select, TextInput } from '@mantine/core';
import {
  defaultSlotPrompt,
  defaultSlotReprompt,
  SLOT_MAX_ATTEMPTS,
  slotLocales,
  slotTypeDescriptions,
  slotTypeLabels,
  slotTypes,
} from '@console/contracts';
import type { EntityForm } from '@/components/entity-form/use-entity-form';
import { TextListInput, textListIssueErrors } from '@/components/text-list-input';
import { localeTypes, type SlotFormValues } from '../slot-form';

const typeOptions = slotTypes.map((type) => ({ value: type, label: slotTypeLabels[type] }));
// The type's description reads under its choice, where the choice's consequence is.
const descriptionBelow = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

/**
 * A slot's fields: Name, Type with what it accepts, the type's own settings (Terms, Pattern, Locale)
 * and how it is asked (Prompt, Re-prompt, Max attempts); editable or read-only.
 */
export function SlotFields({ form, readOnly = false }: { form: EntityForm<SlotFormValues>; readOnly?: boolean }) {
  const { type, name, terms } = form.values;
  const shownName = name.trim() || 'slot';
  return (
    <>
      <TextInput label="Name" autoComplete="off" data-autofocus readOnly={readOnly} {...form.textProps('name')} />
      <Select
        label="Type"
        data={typeOptions}
        description={slotTypeDescriptions[type]}
        inputWrapperOrder={descriptionBelow}
        readOnly={readOnly}
        {...form.selectProps('type')}
      />
      {type === 'terms' && (
        <TextListInput
          legend="Terms"
          itemLabel="Term"
          values={terms}
          onChange={readOnly ? undefined : (next) => form.setField('terms', next)}
          errors={form.errors.terms ? textListIssueErrors(form.issues, 'terms') : undefined}
        />
      )}
      {type === 'pattern' && (
        <TextInput
          label="Pattern"
          description="A regular expression, such as [A-Z]{2}-\d{6}"
          inputWrapperOrder={descriptionBelow}
          autoComplete="off"
          spellCheck={false}
          ff="monospace"
          readOnly={readOnly}
          {...form.textProps('pattern')}
        />
      )}
      {localeTypes.includes(type) && (
        <Select label="Locale" data={slotLocales} searchable readOnly={readOnly} {...form.selectProps('locale')} />
      )}
      <TextInput label="Prompt" placeholder={defaultSlotPrompt(shownName)} autoComplete="off" readOnly={readOnly} {...form.textProps('prompt')} />
      <TextInput
        label="Re-prompt"
        description="Asked after an answer that did not fill the slot"
        inputWrapperOrder={descriptionBelow}
        placeholder={defaultSlotReprompt(shownName)}
        autoComplete="off"
        readOnly={readOnly}
        {...form.textProps('reprompt')}
      />
      <NumberInput
        label="Max attempts"
        description="How many times the slot is asked before the flow gives up"
        inputWrapperOrder={descriptionBelow}
        min={1}
        max={SLOT_MAX_ATTEMPTS}
        allowDecimal={false}
        allowNegative={false}
        readOnly={readOnly}
        value={form.values.max_attempts}
        onChange={(value) => form.setField('max_attempts', value)}
        error={form.errors.max_attempts}
      />
    </>
  );
}
