import { kbDocumentSchema, kbFromPlainText, type KbBlock } from '@console/contracts';

/**
 * Reading what a flow's business-logic endpoint answered (the caller made the call): the reply is
 * said as the assistant's answer, or the turn fails with why, in words (flow-turn.ts goes on from it).
 */

/** What a business-logic endpoint answered: its status, content type and body, or why it could not be reached. */
export type CalloutOutcome = { status: number; contentType: string | null; body: string } | { error: string };

/**
 * The KB nodes of an endpoint's reply: JSON `{"text": "..."}` or `{"response": <KB document>}`, or a
 * text/plain body; anything else (another status than 2xx, another shape) is an error, in words.
 */
export function calloutBlocks(outcome: CalloutOutcome): KbBlock[] | { error: string } {
  if ('error' in outcome) return outcome;
  if (outcome.status < 200 || outcome.status > 299) return { error: `the endpoint answered ${outcome.status}` };
  const type = (outcome.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/plain') return kbFromPlainText(outcome.body).children;
  if (type !== 'application/json' && !type.endsWith('+json')) return { error: `the endpoint answered ${type || 'no content type'}, not JSON or plain text` };
  let reply: unknown;
  try {
    reply = JSON.parse(outcome.body);
  } catch {
    return { error: 'the endpoint answered malformed JSON' };
  }
  if (reply && typeof reply === 'object' && typeof (reply as { text?: unknown }).text === 'string') return kbFromPlainText((reply as { text: string }).text).children;
  const document = kbDocumentSchema.safeParse((reply as { response?: unknown } | null)?.response);
  if (document.success) return document.data.children;
  return { error: 'the endpoint answered neither {"text": ...} nor {"response": <KB document>}' };
}
