import { z } from 'zod';
import type { EventRecord } from '@console/contracts';

const storedError = z.object({ message: z.string() });

/** Why a question ended in an error (its stored message), or null for any other event. */
export function errorMessageOf(event: Pick<EventRecord, 'data_type' | 'error'>): string | null {
  if (event.data_type !== 'error') return null;
  return storedError.safeParse(event.error).data?.message ?? 'The answer failed.';
}

/**
 * What the query log's Answer column says of a question: what answered, else why it was refused (muted),
 * else the error; null when none of them (a request for a person, an old answer without a trace).
 */
export function answerSummary(event: EventRecord): { text: string; tone: 'answer' | 'refusal' | 'error' } | null {
  if (event.subject) return { text: event.subject, tone: 'answer' };
  if (event.refusal) return { text: event.refusal, tone: 'refusal' };
  const error = errorMessageOf(event);
  return error ? { text: error, tone: 'error' } : null;
}
