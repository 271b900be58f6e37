import { dotWords, squaredNorm, type WordWeights } from './words';

/**
 * Where questions and clusters sit: a question is its sentence vector (unit length) beside its word
 * weights (unit length), a cluster the mean of its questions'. The squared distance between two of
 * them weighs the two sides; a question or cluster without a vector (a lexical project) is compared
 * by its words alone, scaled to the same range, so one cut serves both.
 */

/**
 * The sentence vector's share of a squared distance; the words have the rest. Half and half grouped
 * Banking77 a little better than 0.4 or 0.6 (bench/insight.bench.ts).
 */
export const VECTOR_SHARE = 0.5;
/**
 * A words-only squared distance is scaled by this to read like a combined one: words alone made about
 * as many topics of Banking77 at 1.76 as words and vectors did at 1.34, the cut then; a lexical
 * project's clusters are its topics, so the scale puts 1.76 at the cluster cut (1.0).
 */
export const WORDS_ALONE_SCALE = 0.57;

/** A question, or the mean of several. */
export interface Point {
  vector: Float32Array | null;
  /** Its squared length (1 for a question's unit vector, less for a mean). */
  vectorNorm: number;
  words: WordWeights;
  wordsNorm: number;
}

export function dotVectors(a: Float32Array, b: Float32Array): number {
  return dotAt(a, 0, b, 0, a.length);
}

/** The dot product of `length` values of a and b from their offsets, four at a time (the grouping's inner loop). */
export function dotAt(a: Float32Array, aAt: number, b: Float32Array, bAt: number, length: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < length; i += 4) {
    s0 += a[aAt + i]! * b[bAt + i]!;
    s1 += a[aAt + i + 1]! * b[bAt + i + 1]!;
    s2 += a[aAt + i + 2]! * b[bAt + i + 2]!;
    s3 += a[aAt + i + 3]! * b[bAt + i + 3]!;
  }
  for (; i < length; i++) s0 += a[aAt + i]! * b[bAt + i]!;
  return s0 + s1 + s2 + s3;
}

/**
 * Vectors side by side in one array (row i at i * dimensions; zeros for a missing one): read from
 * one array, the dot products run several times faster than from each point's own.
 */
export function packVectors(vectors: readonly (Float32Array | null)[]): { packed: Float32Array; dimensions: number } {
  const dimensions = vectors.find((vector) => vector)?.length ?? 0;
  const packed = new Float32Array(vectors.length * dimensions);
  vectors.forEach((vector, i) => {
    if (vector?.length === dimensions) packed.set(vector, i * dimensions);
  });
  return { packed, dimensions };
}

export function comparable(a: Float32Array | null, b: Float32Array | null): boolean {
  return a !== null && b !== null && a.length === b.length;
}

/** The squared distance of two points, from their dot products (passed in when known). */
export function squaredDistance(a: Point, b: Point, vectorDot = comparable(a.vector, b.vector) ? dotVectors(a.vector!, b.vector!) : 0, wordDot = dotWords(a.words, b.words)): number {
  const words = Math.max(0, a.wordsNorm + b.wordsNorm - 2 * wordDot);
  if (!comparable(a.vector, b.vector)) return WORDS_ALONE_SCALE * words;
  const vectors = Math.max(0, a.vectorNorm + b.vectorNorm - 2 * vectorDot);
  return VECTOR_SHARE * vectors + (1 - VECTOR_SHARE) * words;
}

export function questionPoint(vector: Float32Array | null, words: WordWeights): Point {
  return { vector, vectorNorm: vector ? dotVectors(vector, vector) : 0, words, wordsNorm: squaredNorm(words) };
}

/**
 * A cluster's centre: the mean of its questions' points. `vectorCount` counts the questions that had a
 * vector (all of them, unless the project changed its understanding).
 */
export interface Centre extends Point {
  size: number;
  vectorCount: number;
  /** The mean squared length of its questions' vectors (of those with one) and of their word weights: with the centre, their spread. */
  vectorSquares: number;
  wordsSquares: number;
}

/**
 * The mean squared distance of a point to the questions of a centre: its squared distance to the
 * centre plus the questions' spread around it, so a question joins a broad cluster only when nearer its
 * centre than it would have to be to a tight one.
 */
export function meanSquaredDistance(point: Point, centre: Centre, vectorDot: number, wordDot: number): number {
  return squaredDistance(point, { vector: centre.vector, vectorNorm: centre.vectorSquares, words: centre.words, wordsNorm: centre.wordsSquares }, vectorDot, wordDot);
}

/** The centre with `points` added. Word weights of the centre may be cut to its heaviest (`wordsNorm` stays exact). */
export function addPoints(centre: Centre, points: readonly Point[]): Centre {
  const size = centre.size + points.length;
  const withVectors = points.filter((point) => point.vector !== null && (centre.vector === null || point.vector.length === centre.vector.length));
  let vector = centre.vector;
  let vectorNorm = centre.vectorNorm;
  const vectorCount = centre.vectorCount + withVectors.length;
  let vectorSquares = centre.vectorSquares * centre.vectorCount;
  for (const point of withVectors) vectorSquares += point.vectorNorm;
  vectorSquares = vectorCount ? vectorSquares / vectorCount : 0;
  let wordsSquares = centre.wordsSquares * centre.size;
  for (const point of points) wordsSquares += point.wordsNorm;
  wordsSquares /= size;
  if (withVectors.length) {
    const sum = new Float32Array(withVectors[0]!.vector!.length);
    if (centre.vector) for (let i = 0; i < sum.length; i++) sum[i] = centre.vector[i]! * centre.vectorCount;
    for (const point of withVectors) for (let i = 0; i < sum.length; i++) sum[i]! += point.vector![i]!;
    for (let i = 0; i < sum.length; i++) sum[i]! /= vectorCount;
    vector = sum;
    vectorNorm = dotVectors(sum, sum);
  }
  // The mean of the words: |size * mean + added|^2 from the parts, since the stored mean may be cut.
  const added: WordWeights = new Map();
  for (const point of points) for (const [stem, weight] of point.words) added.set(stem, (added.get(stem) ?? 0) + weight);
  const total = centre.size * centre.size * centre.wordsNorm + 2 * centre.size * dotWords(centre.words, added) + squaredNorm(added);
  const words: WordWeights = new Map();
  for (const [stem, weight] of centre.words) words.set(stem, (weight * centre.size) / size);
  for (const [stem, weight] of added) words.set(stem, (words.get(stem) ?? 0) + weight / size);
  return { size, vector, vectorNorm, vectorCount, vectorSquares, words, wordsNorm: total / (size * size), wordsSquares };
}

export const emptyCentre: Centre = { size: 0, vector: null, vectorNorm: 0, vectorCount: 0, vectorSquares: 0, words: new Map(), wordsNorm: 0, wordsSquares: 0 };
