import { understandingOf, type Understanding } from '@console/contracts';
import { jsonText, parseJsonText } from '@/lib/json-text';

/**
 * The Pipeline Config of the project settings: edited as JSON text, and its understanding through its
 * own control. The text stays the one value of the form, so the two never disagree: the control reads
 * the text and writes it back with only `understanding` changed.
 */

function configOf(text: string): Record<string, unknown> | null {
  const value = parseJsonText(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The understanding the text selects; null while the text is not a JSON object (nothing can be read or set). */
export function understandingOfText(text: string): Understanding | null {
  const config = configOf(text);
  return config ? understandingOf(config) : null;
}

/** The text with its understanding set and every other key kept; unchanged while it is not a JSON object. */
export function withUnderstanding(text: string, understanding: Understanding): string {
  const config = configOf(text);
  return config ? jsonText({ ...config, understanding }) : text;
}

/** What each understanding costs and gives, for the settings' one-line description. */
export const understandingDescriptions: Record<Understanding, string> = {
  semantic: 'Answers paraphrases by their meaning as well as their words; about 15 ms a question.',
  lexical: 'Matches the words of a question only; the fastest.',
};
