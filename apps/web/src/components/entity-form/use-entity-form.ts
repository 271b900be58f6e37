import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { SAVED_MESSAGE_MS } from '@console/contracts';
import { fieldErrors, isChanged, submitBlockedReason } from './form-state';

export const DEFAULT_SAVED_TEXT = 'Saved!';

type Schema = z.ZodType;

interface UseEntityFormOptions<V extends Record<string, unknown>, S extends Schema> {
  /** The contracts schema of the call: the same rules, the same messages as the server. */
  schema: S;
  initialValues: V;
  /** Form values -> the schema's input (e.g. an empty optional password becomes undefined). */
  toInput?: (values: V) => unknown;
  /** Runs the call (usually mutation.mutateAsync) with the parsed body. */
  onSubmit: (body: z.output<S>, values: V) => Promise<unknown>;
  /** Text shown for SAVED_MESSAGE_MS after success; null for none (a modal that closes). */
  savedText?: string | null;
  /** The values (and new baseline) after a save; default: the saved values. */
  afterSave?: (values: V) => V;
  /** Default true: submit needs a change from the baseline. False where the defaults are a valid choice (join). */
  requireChange?: boolean;
}

/**
 * A write form on plain React state: validates on every change with the
 * contracts schema, shows each field's first message once it was touched (or submit was tried),
 * enables submit only when valid and changed from the baseline (and says why not otherwise), shows 'Saved!' for
 * SAVED_MESSAGE_MS after success (or until the next edit) with the saved values as the new baseline, and keeps the
 * failure for the form to show. New initial values (a refetch) are taken while nothing is edited.
 */
export function useEntityForm<V extends Record<string, unknown>, S extends Schema>(options: UseEntityFormOptions<V, S>) {
  const { schema, initialValues, toInput, onSubmit, savedText = DEFAULT_SAVED_TEXT, afterSave, requireChange = true } = options;
  const [values, setValues] = useState<V>(initialValues);
  const [baseline, setBaseline] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  // New data from the server while the user has not edited: adopt it as values and baseline.
  const initialKey = JSON.stringify(initialValues);
  const [syncedKey, setSyncedKey] = useState(initialKey);
  if (syncedKey !== initialKey) {
    setSyncedKey(initialKey);
    if (!isChanged(values, baseline)) {
      setValues(initialValues);
      setBaseline(initialValues);
    }
  }

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const parsed = schema.safeParse(toInput ? toInput(values) : values);
  const allErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const errors = Object.fromEntries(
    Object.entries(allErrors).filter(([field]) => attempted || touched[field] || field === '_form'),
  );
  const changed = isChanged(values, baseline);
  const canSubmit = parsed.success && (changed || !requireChange) && !submitting;
  // While sending or just saved, the button's state speaks for itself.
  const disabledReason = canSubmit || submitting || saved ? null : submitBlockedReason(allErrors, errors, changed || !requireChange);

  function setField<K extends keyof V & string>(field: K, value: V[K]) {
    updateField(field, () => value);
  }

  /** A change computed from the field's latest value: several in one event (a canvas's batch) all apply. */
  function updateField<K extends keyof V & string>(field: K, change: (current: V[K]) => V[K]) {
    setValues((current) => ({ ...current, [field]: change(current[field]) }));
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
    setError(null);
    // An edit after a save is news: 'Saved!' gives way, and a disabled submit says why again.
    setSaved(null);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setAttempted(true);
    if (!parsed.success || (!changed && requireChange) || submitting) return;
    setSubmitting(true);
    setError(null);
    setSaved(null);
    try {
      await onSubmit(parsed.data as z.output<S>, values);
      if (!mounted.current) return;
      const next = afterSave ? afterSave(values) : values;
      setValues(next);
      setBaseline(next);
      setTouched({});
      setAttempted(false);
      setSaved(savedText);
    } catch (caught) {
      if (mounted.current) setError(caught);
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  }

  /** Back to the given values (default: the initial ones), clearing messages. */
  function reset(next: V = initialValues) {
    setValues(next);
    setBaseline(next);
    setTouched({});
    setAttempted(false);
    setError(null);
    setSaved(null);
  }

  /** Props for a TextInput / Textarea / PasswordInput bound to a string field. */
  function textProps<K extends keyof V & string>(field: K) {
    return {
      value: (values[field] ?? '') as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setField(field, event.currentTarget.value as V[K]),
      error: errors[field],
    };
  }

  /** Props for a Checkbox / Switch bound to a boolean field. */
  function checkProps<K extends keyof V & string>(field: K) {
    return {
      checked: Boolean(values[field]),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setField(field, event.currentTarget.checked as V[K]),
      error: errors[field],
    };
  }

  /** Props for a Select bound to a string field. */
  function selectProps<K extends keyof V & string>(field: K) {
    return {
      value: (values[field] as string | null) || null,
      onChange: (value: string | null) => setField(field, (value ?? '') as V[K]),
      error: errors[field],
      allowDeselect: false,
    };
  }

  return {
    values,
    setField,
    updateField,
    errors,
    /** Every problem with its full path, for forms that show them deeper than one per field (the sequence builder). */
    issues: parsed.success ? [] : parsed.error.issues,
    valid: parsed.success,
    changed,
    canSubmit,
    /** Why submit is disabled (null while it is not): shown beside the button and as its description. */
    disabledReason,
    submitting,
    submit,
    saved,
    error,
    reset,
    textProps,
    checkProps,
    selectProps,
  };
}

export type EntityForm<V extends Record<string, unknown>> = ReturnType<typeof useEntityForm<V, Schema>>;
