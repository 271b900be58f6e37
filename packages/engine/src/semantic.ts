import type { SparseVector } from './vectorizer';
import { words } from './text';

/**
 * The semantic stage's inputs. The engine does no I/O and runs no model: the caller embeds the texts
 * `textsToEmbed` and `questionTexts` name (packages/encoder) and hands the vectors in, keyed by text.
 */
export type TextVectors = ReadonlyMap<string, Float32Array>;

/** A response is embedded in passages of at most this many words. */
const PASSAGE_WORDS = 60;

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

/** A response passage is a little less telling than the subject or an utterance: it also says what is around the answer. */
const PASSAGE_WEIGHT = 0.8;

/**
 * The vectors answering compares a question with, per content item: its subject, the centroid of its
 * utterances (one row, not thousands: comparing a question with every utterance of a trained project
 * would cost milliseconds) and its response passages. Plain typed arrays, so the index clones to workers.
 */
export interface SemanticIndex {
  dimensions: number;
  /** rows x dimensions, each row of unit length. */
  vectors: Float32Array;
  /** The content item (its position in the index's contents) of each row. */
  owner: Int32Array;
  /** How much each row's cosine counts (1, or PASSAGE_WEIGHT for a passage). */
  weight: Float32Array;
}

interface SemanticItem {
  subject: string;
  utterances: readonly string[];
  passages: readonly string[];
}

/** The unit-length mean of some vectors (null when there are none). */
function centroid(vectors: readonly Float32Array[]): Float32Array | null {
  if (!vectors.length) return null;
  const sum = new Float32Array(vectors[0]!.length);
  for (const vector of vectors) for (let d = 0; d < sum.length; d++) sum[d]! += vector[d]!;
  return normalised(sum);
}

function normalised(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let d = 0; d < vector.length; d++) norm += vector[d]! * vector[d]!;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < vector.length; d++) vector[d]! /= norm;
  return vector;
}

/** The semantic rows of the items whose texts have vectors (a text without one is left out). */
export function buildSemanticIndex(items: readonly SemanticItem[], textVectors: TextVectors): SemanticIndex {
  const rows: { vector: Float32Array; owner: number; weight: number }[] = [];
  items.forEach((item, owner) => {
    const subject = textVectors.get(item.subject);
    if (subject) rows.push({ vector: subject, owner, weight: 1 });
    const utterances = centroid(item.utterances.flatMap((text) => textVectors.get(text) ?? []));
    if (utterances) rows.push({ vector: utterances, owner, weight: 1 });
    for (const passage of item.passages) {
      const vector = textVectors.get(passage);
      if (vector) rows.push({ vector, owner, weight: PASSAGE_WEIGHT });
    }
  });
  const dimensions = rows[0]?.vector.length ?? 0;
  const vectors = new Float32Array(rows.length * dimensions);
  rows.forEach((row, r) => vectors.set(row.vector, r * dimensions));
  return { dimensions, vectors, owner: Int32Array.from(rows, (row) => row.owner), weight: Float32Array.from(rows, (row) => row.weight) };
}

/**
 * The dot product of `vector` with row `row` of `matrix` (unit vectors: their cosine). Four running
 * sums: answering compares a question with every row, and one sum waits on each addition.
 */
function dotRow(matrix: Float32Array, row: number, vector: Float32Array): number {
  const length = vector.length;
  const offset = row * length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 4 <= length; d += 4) {
    s0 += matrix[offset + d]! * vector[d]!;
    s1 += matrix[offset + d + 1]! * vector[d + 1]!;
    s2 += matrix[offset + d + 2]! * vector[d + 2]!;
    s3 += matrix[offset + d + 3]! * vector[d + 3]!;
  }
  for (; d < length; d++) s0 += matrix[offset + d]! * vector[d]!;
  return s0 + s1 + s2 + s3;
}

/** Each item's semantic score for a question: the best weighted cosine of its rows (-1 for an item with none), into `out`. */
export function semanticScores(index: SemanticIndex, question: Float32Array, out: Float64Array): Float64Array {
  out.fill(-1);
  if (question.length !== index.dimensions) return out;
  for (let row = 0; row < index.owner.length; row++) {
    const score = index.weight[row]! * dotRow(index.vectors, row, question);
    const owner = index.owner[row]!;
    if (score > out[owner]!) out[owner] = score;
  }
  return out;
}

/**
 * A text's features for the classifier: its sparse word features, then its sentence vector as
 * `dimensions` dense features from `offset` on (after every word feature, so ids stay ascending),
 * scaled by `scale` against the word features' unit length. A text without a vector keeps its words.
 */
export function withMeaning(x: SparseVector, vector: Float32Array | null | undefined, offset: number, scale: number): SparseVector {
  if (!vector) return x;
  const length = x.ids.length + vector.length;
  const buffer = new ArrayBuffer(length * 8);
  const ids = new Int32Array(buffer, 0, length);
  const values = new Float32Array(buffer, length * 4, length);
  ids.set(x.ids);
  values.set(x.values);
  for (let d = 0; d < vector.length; d++) {
    ids[x.ids.length + d] = offset + d;
    values[x.ids.length + d] = scale * vector[d]!;
  }
  return { ids, values };
}
