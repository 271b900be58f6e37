import { z } from 'zod';
import { kbDocumentSchema, quickReplySchema, traceStepSchema, type EventRecord, type KbDocument, type QuickReply } from '@console/contracts';
import { readingOf } from '@/lib/trace-summary';
import { errorMessageOf } from './event-outcome';

/**
 * A conversation read as a conversation: one turn per question, built from its outcome event (the
 * answer or the error, which repeats the visitor's words), so a turn never splits across pages.
 */
export interface TranscriptTurn {
  event: EventRecord;
  /** The visitor's words. */
  question: string;
  /** The answer as the widget drew it; null for an error, or an answer stored in a shape the console cannot draw. */
  answer: { document: KbDocument; actions: QuickReply[] } | null;
  /** Why the question ended in an error. */
  error: string | null;
  /** How the engine read the question (with the previous one or alone, and as what), in words. */
  reading: string[];
}

/** The stored answer's document and quick replies; quick replies that no longer parse are left out, not the answer. */
const storedAnswer = z.object({ response: kbDocumentSchema, actions: z.array(quickReplySchema).catch([]) });
const storedTrace = z.array(traceStepSchema);

export function transcriptTurn(event: EventRecord): TranscriptTurn {
  const stored = event.data_type === 'response' ? storedAnswer.safeParse(event.response).data : undefined;
  return {
    event,
    question: event.utterance,
    answer: stored ? { document: stored.response, actions: stored.actions } : null,
    error: errorMessageOf(event),
    reading: readingOf(storedTrace.safeParse(event.data.trace).data ?? []),
  };
}
