import type { z } from 'zod';
import { useEntityForm } from './use-entity-form';

interface UseModalEntityFormOptions<V extends Record<string, unknown>, S extends z.ZodType, R> {
  schema: S;
  initialValues: V;
  toInput?: (values: V) => unknown;
  requireChange?: boolean;
  /** Runs the call (usually mutation.mutateAsync) with the parsed body. */
  onSubmit: (body: z.output<S>, values: V) => Promise<R>;
  /** After success, with the call's result: usually closes the modal. */
  onDone: (result: R) => void;
}

/** useEntityForm for a modal that closes on success, so it shows no 'Saved!' mark. */
export function useModalEntityForm<V extends Record<string, unknown>, S extends z.ZodType, R>({
  onSubmit,
  onDone,
  ...options
}: UseModalEntityFormOptions<V, S, R>) {
  return useEntityForm({
    ...options,
    savedText: null,
    onSubmit: async (body, values) => onDone(await onSubmit(body, values)),
  });
}
