import { DEFAULT_SLOT_LOCALE, SLOT_DEFAULT_MAX_ATTEMPTS, type Slot, type SlotType } from '@console/contracts';

/** What the slot form edits: a slot's own fields, Max attempts as its number input gives it ('' while empty). */
export interface SlotFormValues extends Record<string, unknown> {
  name: string;
  type: SlotType;
  terms: string[];
  pattern: string;
  locale: string;
  prompt: string;
  reprompt: string;
  max_attempts: number | string;
}

/** The types whose reading depends on the locale (the phone's country; day or month first). */
export const localeTypes: readonly SlotType[] = ['date', 'phone'];

/** A saved slot's values, or a new terms slot's with one empty line to type the first term into. */
export function slotFormValues(slot?: Slot): SlotFormValues {
  if (!slot) {
    return { name: '', type: 'terms', terms: [''], pattern: '', locale: DEFAULT_SLOT_LOCALE, prompt: '', reprompt: '', max_attempts: SLOT_DEFAULT_MAX_ATTEMPTS };
  }
  const { name, type, terms, pattern, locale, prompt, reprompt, max_attempts } = slot;
  return { name, type, terms, pattern, locale, prompt, reprompt, max_attempts };
}

/**
 * The values as the body slotBody checks: the form shows terms for a terms slot and a pattern for a
 * pattern slot only, so another type sends neither (what is hidden is not saved, and cannot block
 * the save with a message no field shows); an empty Max attempts fails with the schema's message.
 */
export function slotInput(values: SlotFormValues): unknown {
  return {
    ...values,
    terms: values.type === 'terms' ? values.terms : [],
    pattern: values.type === 'pattern' ? values.pattern : '',
  };
}
