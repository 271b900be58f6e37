import { contentStems } from '@console/engine';

/**
 * The word side of a question: TF-IDF weights of its content stems (the engine's reading of text, so
 * the inbox's words are the words the assistant compared), of unit length. The document frequencies
 * come from the project's questions so far, kept between runs; a word the project's questions use
 * everywhere ('card' in a bank's inbox) says little about which cluster a question belongs to.
 */

/** A sparse vector: stem -> weight. */
export type WordWeights = Map<string, number>;

/** The stems kept in the project's state: the most frequent, so the state stays small whatever the traffic. */
export const MAX_KNOWN_STEMS = 10_000;

export interface WordFrequencies {
  /** Questions counted. */
  documents: number;
  /** Questions each stem appeared in. */
  stems: Map<string, number>;
}

export function readFrequencies(state: Record<string, unknown>): WordFrequencies {
  const documents = typeof state.documents === 'number' && Number.isFinite(state.documents) ? state.documents : 0;
  const stems = new Map<string, number>();
  if (state.stems && typeof state.stems === 'object') {
    for (const [stem, count] of Object.entries(state.stems as Record<string, unknown>)) if (typeof count === 'number' && count > 0) stems.set(stem, count);
  }
  return { documents, stems };
}

/** The state to keep: the MAX_KNOWN_STEMS most frequent stems (ties by the stem, so the same counts keep the same stems). */
export function writeFrequencies(frequencies: WordFrequencies): Record<string, unknown> {
  const kept = [...frequencies.stems].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, MAX_KNOWN_STEMS);
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { documents: frequencies.documents, stems: Object.fromEntries(kept) };
}

/** Each text's stems with their counts, and the texts counted into the frequencies. */
export function countStems(frequencies: WordFrequencies, texts: readonly string[]): Map<string, number>[] {
  return texts.map((text) => {
    const counts = new Map<string, number>();
    for (const stem of contentStems(text)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
    frequencies.documents += 1;
    for (const stem of counts.keys()) frequencies.stems.set(stem, (frequencies.stems.get(stem) ?? 0) + 1);
    return counts;
  });
}

/** Unit-length TF-IDF (sublinear term frequency, smoothed inverse document frequency); empty for a text of stop words alone. */
export function weigh(frequencies: WordFrequencies, counts: ReadonlyMap<string, number>): WordWeights {
  const weights: WordWeights = new Map();
  let norm = 0;
  for (const [stem, count] of counts) {
    const idf = Math.log((1 + frequencies.documents) / (1 + (frequencies.stems.get(stem) ?? 0))) + 1;
    const weight = (1 + Math.log(count)) * idf;
    weights.set(stem, weight);
    norm += weight * weight;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (const [stem, weight] of weights) weights.set(stem, weight * scale);
  return weights;
}

export function dotWords(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [stem, weight] of small) {
    const other = large.get(stem);
    if (other !== undefined) sum += weight * other;
  }
  return sum;
}

export function squaredNorm(weights: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const weight of weights.values()) sum += weight * weight;
  return sum;
}
