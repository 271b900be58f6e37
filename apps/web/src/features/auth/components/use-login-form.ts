import { useMemo, useState } from 'react';
import type { z } from 'zod';

/**
 * Form state validated on every change with the contracts schema, the same one the server uses.
 * The first issue is the hint; it shows once the user has typed something, and submit stays
 * disabled while any issue remains. `edits` counts the changes, so an answer can be tied to the
 * values it was given.
 */
export function useLoginForm<T extends Record<string, unknown>>(schema: Pick<z.ZodType, 'safeParse'>, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [edits, setEdits] = useState(0);
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const issue = result.success ? null : (result.error.issues[0]?.message ?? null);

  function setField<K extends keyof T>(key: K, value: T[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setEdits((count) => count + 1);
  }

  return { values, setField, valid: result.success, hint: edits > 0 ? issue : null, edits };
}
