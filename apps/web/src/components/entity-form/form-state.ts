import type { z } from 'zod';

/**
 * Pure helpers of the write forms: validation with the contracts schema, one
 * message per field, and the 'changed from the baseline' test.
 */

export type FieldErrors = Record<string, string>;

/** The first message of each field ('' path = the form as a whole, kept under '_form'). */
export function fieldErrors(error: z.ZodError | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Whether two form values differ (key order ignored). */
export function isChanged(values: unknown, baseline: unknown): boolean {
  return JSON.stringify(canonical(values)) !== JSON.stringify(canonical(baseline));
}

/** What a disabled submit says when no message of its own explains it. */
export const submitReasons = {
  /** Every problem is already shown beside its field: point there rather than repeat it. */
  correctMarked: 'Correct the marked fields first',
  unchanged: 'No changes to save',
} as const;

/**
 * Why a form's submit is disabled (a disabled button always says why), or null: the first
 * validation message not yet shown beside its field (an untouched field's, such as a required
 * list left empty), a pointer to the messages shown when every problem is already beside its
 * field (a message is shown once), or that nothing changed.
 */
export function submitBlockedReason(all: FieldErrors, shown: FieldErrors, changed: boolean): string | null {
  const unseen = Object.entries(all).find(([field]) => !(field in shown));
  if (unseen) return unseen[1];
  if (Object.keys(all).length) return submitReasons.correctMarked;
  return changed ? null : submitReasons.unchanged;
}
