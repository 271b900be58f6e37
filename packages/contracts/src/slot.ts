import safeRegex from 'safe-regex2';
import { z } from 'zod';
import { boundedList, duplicateEntries, oneOf, strictObject, trimmedText } from './fields';
import { defineList } from './list';
import { messages } from './messages';

/**
 * Slots: a value a flow collects from the visitor. Its type says what the visitor's words are read
 * as: one of a list of terms (the term's canonical form is the value), free text, a number, an
 * e-mail address, a phone number, a date, or what a pattern (a regular expression) matches. Its
 * prompt is the question asked for it, the re-prompt the question asked again after an answer that
 * did not fill it, and `max_attempts` how many times it is asked before the flow gives up; a node
 * that collects the slot may say otherwise for its flow.
 */

export const slotTypes = ['terms', 'text', 'number', 'email', 'phone', 'date', 'pattern'] as const;
export type SlotType = (typeof slotTypes)[number];

export const slotTypeLabels: Record<SlotType, string> = {
  terms: 'List of terms',
  text: 'Free text',
  number: 'Number',
  email: 'E-mail address',
  phone: 'Phone number',
  date: 'Date',
  pattern: 'Pattern',
};

/** What each type accepts and what the endpoint receives, as the slot form says it. */
export const slotTypeDescriptions: Record<SlotType, string> = {
  terms: 'One of the terms below, found in what the visitor types; the endpoint receives the term as written here.',
  text: 'Whatever the visitor answers, as typed (at most 1024 characters).',
  number: 'A number such as 3, 2.5 or 1,200; the endpoint receives it in digits with a point for decimals (1200, 2.5).',
  email: 'An e-mail address such as jane@example.org, received in lower case.',
  phone: "A phone number such as 020 7946 0958 or +44 20 7946 0958, read with the locale's country; received in international form (+442079460958).",
  date: 'A date such as tomorrow, next friday, 3 march or 03/04 (read day or month first as the locale writes dates); received as 2026-12-04.',
  pattern: 'The first part of the answer the regular expression matches, received as typed.',
};

/** The longest regular expression a pattern slot takes: long enough for real identifiers, short enough to review. */
export const SLOT_PATTERN_MAX = 256;
/** How many times a slot is asked (the first question included) before the flow gives up, by default and at most. */
export const SLOT_DEFAULT_MAX_ATTEMPTS = 2;
export const SLOT_MAX_ATTEMPTS = 10;
/** The locales a date or phone slot reads visitors' words with (day or month first, month names, the phone's country). */
export const slotLocales = ['en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IE', 'en-NZ', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'pt-BR', 'pt-PT', 'sv-SE'] as const;
export type SlotLocale = (typeof slotLocales)[number];
export const DEFAULT_SLOT_LOCALE: SlotLocale = 'en-US';
/** The slot prompt and re-prompt length (as a node's prompt). */
export const SLOT_PROMPT_MAX = 255;

export const slotMessages = {
  termRequired: 'At least one term is required',
  termsUnique: 'Terms must be unique',
  nameTaken: 'A slot with this name already exists.',
  patternRequired: (slot: string) => `Slot "${slot}": a pattern is required`,
  patternTooLong: (slot: string) => `Slot "${slot}": the pattern must be at most ${SLOT_PATTERN_MAX} characters`,
  patternInvalid: (slot: string, reason: string) => `Slot "${slot}": the pattern is not a valid regular expression (${reason})`,
  patternUnsafe: (slot: string) =>
    `Slot "${slot}": the pattern could take too long on some answers (a repeated group that itself repeats, such as (a+)+); write it without nested repetition`,
  unknownLocale: (slot: string) => `Slot "${slot}": Locale must be one of ${slotLocales.join(', ')}`,
  maxAttempts: `Max Attempts must be a whole number from 1 to ${SLOT_MAX_ATTEMPTS}`,
} as const;

/**
 * Why a slot's regular expression cannot be used, or null: it must compile (with the `u` flag, as
 * it runs), be at most SLOT_PATTERN_MAX characters, and have no nested repetition that could
 * backtrack catastrophically on a visitor's answer (safe-regex2's star-height check).
 */
export function patternProblem(slot: string, pattern: string): string | null {
  if (!pattern) return slotMessages.patternRequired(slot);
  if (pattern.length > SLOT_PATTERN_MAX) return slotMessages.patternTooLong(slot);
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return slotMessages.patternInvalid(slot, error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error));
  }
  if (!safeRegex(pattern)) return slotMessages.patternUnsafe(slot);
  return null;
}

/** How many times a slot is asked (a slot's own, or a node's for its flow). */
export const slotMaxAttempts = z
  .number({ error: slotMessages.maxAttempts })
  .int({ error: slotMessages.maxAttempts })
  .min(1, { error: slotMessages.maxAttempts })
  .max(SLOT_MAX_ATTEMPTS, { error: slotMessages.maxAttempts });

/** The fields of a slot as the API and an archive take them; `checkSlot` checks them together. */
export const slotFields = {
  name: trimmedText('Name', 1, 64),
  type: oneOf('Type', slotTypes).default('terms'),
  /** Required (at least one) for the terms type only; kept, unused, for the others. */
  terms: boundedList('Terms', z.array(trimmedText('Term', 1, 255), { error: slotMessages.termRequired })).default([]),
  pattern: z.string({ error: messages.atMostChars('Pattern', SLOT_PATTERN_MAX) }).default(''),
  locale: z.string({ error: messages.oneOf('Locale', slotLocales) }).default(DEFAULT_SLOT_LOCALE),
  prompt: trimmedText('Prompt', 0, SLOT_PROMPT_MAX).default(''),
  reprompt: trimmedText('Re-prompt', 0, SLOT_PROMPT_MAX).default(''),
  max_attempts: slotMaxAttempts.default(SLOT_DEFAULT_MAX_ATTEMPTS),
};

/** A slot's fields together: terms for the terms type, a safe pattern for the pattern type, a known locale. */
export function checkSlot(slot: { name: string; type: SlotType; terms: string[]; pattern: string; locale: string }, ctx: z.RefinementCtx): void {
  if (slot.type === 'terms') {
    if (!slot.terms.length) ctx.addIssue({ code: 'custom', message: slotMessages.termRequired, path: ['terms'] });
    else if (duplicateEntries(slot.terms).length) ctx.addIssue({ code: 'custom', message: slotMessages.termsUnique, path: ['terms'] });
  }
  if (slot.type === 'pattern') {
    const problem = patternProblem(slot.name, slot.pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['pattern'] });
  } else if (slot.pattern.length > SLOT_PATTERN_MAX) {
    ctx.addIssue({ code: 'custom', message: slotMessages.patternTooLong(slot.name), path: ['pattern'] });
  }
  if (!(slotLocales as readonly string[]).includes(slot.locale)) ctx.addIssue({ code: 'custom', message: slotMessages.unknownLocale(slot.name), path: ['locale'] });
}

export const slotSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  type: z.enum(slotTypes),
  terms: z.array(z.string()),
  pattern: z.string(),
  locale: z.string(),
  prompt: z.string(),
  reprompt: z.string(),
  max_attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

/** POST /project/{id}/slot and PUT /slot/{id}. */
export const slotBody = strictObject(slotFields).superRefine(checkSlot);

export const slotList = defineList({
  sortable: ['name', 'updated_at', 'created_at'],
  filters: { name: { kind: 'text' }, updated_at: { kind: 'date' } },
});
