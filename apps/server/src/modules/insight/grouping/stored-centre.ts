import { dotVectors, type Centre, type Point } from './centre';
import type { WordWeights } from './words';

/**
 * A cluster's centre as stored (jsonb): its mean vector (float32, base64), its heaviest mean word
 * weights, and its label's point, so the label can be compared with the questions that join later.
 */

/** Words kept of a centre's mean: the rest weigh little and only grow the row. */
const CENTRE_WORDS = 64;
const FORMAT = 1;

export interface StoredCentre {
  centre: Centre;
  label: Point;
}

function encodeVector(vector: Float32Array | null): string | null {
  return vector ? Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64') : null;
}

function decodeVector(value: unknown): Float32Array | null {
  if (typeof value !== 'string') return null;
  const bytes = Buffer.from(value, 'base64');
  const vector = new Float32Array(bytes.byteLength / Float32Array.BYTES_PER_ELEMENT);
  new Uint8Array(vector.buffer).set(bytes.subarray(0, vector.byteLength));
  return vector.length ? vector : null;
}

function encodeWords(words: WordWeights, limit: number): Record<string, number> {
  const heaviest = [...words].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
  return Object.fromEntries(heaviest.map(([stem, weight]) => [stem, Number(weight.toPrecision(6))]));
}

function decodeWords(value: unknown): WordWeights {
  const words: WordWeights = new Map();
  if (value && typeof value === 'object') for (const [stem, weight] of Object.entries(value)) if (typeof weight === 'number') words.set(stem, weight);
  return words;
}

export function encodeCentre({ centre, label }: StoredCentre): Record<string, unknown> {
  return {
    format: FORMAT,
    vector: encodeVector(centre.vector),
    vector_count: centre.vectorCount,
    words: encodeWords(centre.words, CENTRE_WORDS),
    words_norm: centre.wordsNorm,
    vector_squares: centre.vectorSquares,
    words_squares: centre.wordsSquares,
    label: { vector: encodeVector(label.vector), words: encodeWords(label.words, Infinity) },
  };
}

/** The stored centre of a cluster of `size` questions; null when it is not one this grouping wrote. */
export function decodeCentre(stored: Record<string, unknown>, size: number): StoredCentre | null {
  if (stored.format !== FORMAT || !stored.label || typeof stored.label !== 'object') return null;
  const vector = decodeVector(stored.vector);
  const label = stored.label as Record<string, unknown>;
  const labelVector = decodeVector(label.vector);
  const labelWords = decodeWords(label.words);
  let labelWordsNorm = 0;
  for (const weight of labelWords.values()) labelWordsNorm += weight * weight;
  return {
    centre: {
      size,
      vector,
      vectorNorm: vector ? dotVectors(vector, vector) : 0,
      vectorCount: typeof stored.vector_count === 'number' ? stored.vector_count : vector ? size : 0,
      words: decodeWords(stored.words),
      wordsNorm: typeof stored.words_norm === 'number' ? stored.words_norm : 0,
      vectorSquares: typeof stored.vector_squares === 'number' ? stored.vector_squares : 0,
      wordsSquares: typeof stored.words_squares === 'number' ? stored.words_squares : 0,
    },
    label: { vector: labelVector, vectorNorm: labelVector ? dotVectors(labelVector, labelVector) : 0, words: labelWords, wordsNorm: labelWordsNorm },
  };
}
