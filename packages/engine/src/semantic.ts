import { kbPlainText, understandingOf, type Snapshot } from '@console/contracts';
import { words } from './text';

/**
 * The semantic stage's inputs. The engine does no I/O and runs no model: the caller embeds the texts
 * `textsToEmbed` and `questionTexts` name (packages/encoder) and hands the vectors in, keyed by text.
 */
export type TextVectors = ReadonlyMap<string, Float32Array>;

/** A response is embedded in passages of at most this many words. */
export const PASSAGE_WORDS = 60;

/** A response's plain text in passages of whole sentences, each at most PASSAGE_WORDS words (a longer sentence is its own passage). */
export function passagesOf(text: string): string[] {
  const sentences = text.split(/(?<=[.!?])\s+|\n+/).map((sentence) => sentence.trim()).filter(Boolean);
  const passages: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (const sentence of sentences) {
    const length = words(sentence).length;
    if (current.length && count + length > PASSAGE_WORDS) {
      passages.push(current.join(' '));
      current = [];
      count = 0;
    }
    current.push(sentence);
    count += length;
  }
  if (current.length) passages.push(current.join(' '));
  return passages;
}

/** Every text of a snapshot the compile needs a vector of (none for a lexical project), each once. */
export function textsToEmbed(snapshot: Snapshot): string[] {
  if (understandingOf(snapshot.settings.pipeline_config) === 'lexical') return [];
  const texts = new Set<string>();
  for (const item of snapshot.contents) {
    texts.add(item.subject);
    for (const utterance of item.utterances) texts.add(utterance);
    for (const passage of passagesOf(kbPlainText(item.response))) texts.add(passage);
  }
  for (const intent of snapshot.intents) {
    texts.add(intent.intent);
    for (const utterance of intent.utterances) texts.add(utterance);
  }
  return [...texts];
}
