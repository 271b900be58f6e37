import { featuresOfWord, isStopWord } from './text';

/** A sparse vector: feature ids ascending, with their weights. */
export interface SparseVector {
  ids: Int32Array;
  values: Float32Array;
}

/** The vocabulary and inverse document frequencies learned from the training texts. */
export interface Vocabulary {
  ids: Map<string, number>;
  idf: Float32Array;
  /** Stem bigram features by the pair of their stems' feature ids (`pairKey`): reading a question builds no strings. */
  pairs: Map<number, number>;
}

/** The numeric key of a pair of stem features (ids stay far below 2^22). */
function pairKey(first: number, second: number): number {
  return first * 4_194_304 + second;
}

/**
 * The feature ids one text yields, repeats included, counted by sorting: cheaper than a map of
 * counts, and the vector wants its ids ascending anyway. One buffer serves every text.
 */
class FeatureCounter {
  private found = new Int32Array(256);
  private counts = new Int32Array(256);
  private length = 0;

  add(id: number): void {
    if (this.length === this.found.length) {
      const grown = new Int32Array(this.found.length * 2);
      grown.set(this.found);
      this.found = grown;
      this.counts = new Int32Array(grown.length);
    }
    this.found[this.length++] = id;
  }

  /**
   * The distinct ids ascending and how often each came, then empties the counter. Both are views of
   * the counter's buffers: read them before the next text.
   */
  take(): { ids: Int32Array; counts: Int32Array } {
    const { found, counts, length } = this;
    this.length = 0;
    found.subarray(0, length).sort();
    let distinct = 0;
    for (let i = 0; i < length; i++) {
      const id = found[i]!;
      if (distinct > 0 && found[distinct - 1] === id) counts[distinct - 1]! += 1;
      else {
        found[distinct] = id;
        counts[distinct++] = 1;
      }
    }
    return { ids: found.subarray(0, distinct), counts: counts.subarray(0, distinct) };
  }
}

const counter = new FeatureCounter();

/**
 * The vocabulary of the training texts and their vectors, in one reading of each text: every
 * feature gets an id, then the smoothed idf weighs the counts. A word's features are looked up once
 * per distinct word, and stem pairs by a numeric key: compiling reads tens of thousands of texts.
 * The vectors are views of two shared arrays: a typed array of its own costs each vector an
 * allocation outside the JavaScript heap, which showed in profiles.
 */
export function buildVocabulary(wordLists: readonly (readonly string[])[]): { vocabulary: Vocabulary; vectors: SparseVector[] } {
  const ids = new Map<string, number>();
  const documentFrequency: number[] = [];
  const idOf = (feature: string) => {
    let id = ids.get(feature);
    if (id === undefined) {
      id = ids.size;
      ids.set(feature, id);
      documentFrequency.push(0);
    }
    return id;
  };
  const wordIds = new Map<string, { stem: number; stemText: string; grams: number[] }>();
  const pairs = new Map<number, number>();
  // Every text's distinct ids and their counts, one text after another; text i ends at ends[i].
  const allIds: number[] = [];
  const allCounts: number[] = [];
  const ends: number[] = [];
  for (const wordList of wordLists) {
    let previous = -1;
    let previousText = '';
    for (const word of wordList) {
      let known = wordIds.get(word);
      if (!known) {
        const own = featuresOfWord(word);
        known = { stem: idOf(`w:${own.stem}`), stemText: own.stem, grams: own.grams.map(idOf) };
        wordIds.set(word, known);
      }
      counter.add(known.stem);
      for (const gram of known.grams) counter.add(gram);
      if (previous >= 0) {
        const key = pairKey(previous, known.stem);
        let pair = pairs.get(key);
        if (pair === undefined) pairs.set(key, (pair = idOf(`b:${previousText} ${known.stemText}`)));
        counter.add(pair);
      }
      previous = known.stem;
      previousText = known.stemText;
    }
    const text = counter.take();
    for (let i = 0; i < text.ids.length; i++) {
      documentFrequency[text.ids[i]!]! += 1;
      allIds.push(text.ids[i]!);
      allCounts.push(text.counts[i]!);
    }
    ends.push(allIds.length);
  }
  const n = wordLists.length;
  // Smoothed idf, as a feature seen everywhere still says a little.
  const idf = Float32Array.from(documentFrequency, (df) => Math.log((1 + n) / (1 + df)) + 1);
  const sharedIds = Int32Array.from(allIds);
  const sharedCounts = Int32Array.from(allCounts);
  const sharedValues = new Float32Array(allIds.length);
  const vectors = ends.map((end, i) => {
    const start = i ? ends[i - 1]! : 0;
    const vector = { ids: sharedIds.subarray(start, end), values: sharedValues.subarray(start, end) };
    weighInto(idf, vector, sharedCounts.subarray(start, end));
    return vector;
  });
  return { vocabulary: { ids, idf, pairs }, vectors };
}

/** A word's feature ids in one vocabulary (-1: unknown stem), remembered per vocabulary: questions repeat words. */
interface KnownWord {
  stem: string;
  stemId: number;
  grams: number[];
  /** A stop word carries no meaning of its own (not a content stem). */
  stop: boolean;
}
const knownWords = new WeakMap<Vocabulary, Map<string, KnownWord>>();
const MAX_REMEMBERED_WORDS = 50_000;

function knownWord(vocabulary: Vocabulary, memo: Map<string, KnownWord>, word: string): KnownWord {
  let known = memo.get(word);
  if (!known) {
    const own = featuresOfWord(word);
    known = {
      stem: own.stem,
      stemId: vocabulary.ids.get(`w:${own.stem}`) ?? -1,
      grams: own.grams.map((gram) => vocabulary.ids.get(gram) ?? -1).filter((id) => id >= 0),
      stop: isStopWord(word),
    };
    // Visitors' words are unbounded; remembering stops growing at a limit.
    if (memo.size < MAX_REMEMBERED_WORDS) memo.set(word, known);
  }
  return known;
}

/** A question as the engine reads it: its vector, its meaningful stems, and whether any word is known. */
interface ReadQuestion {
  vector: SparseVector;
  stems: string[];
  knowsAWord: boolean;
}

/**
 * Reads a question's words once: TF-IDF vector (sublinear term frequency, L2-normalised; features
 * outside the vocabulary dropped), meaningful stems, and whether the vocabulary knows any stem.
 */
export function readQuestion(vocabulary: Vocabulary, wordList: readonly string[]): ReadQuestion {
  let memo = knownWords.get(vocabulary);
  if (!memo) knownWords.set(vocabulary, (memo = new Map()));
  const stems: string[] = [];
  let knowsAWord = false;
  // A stem bigram is known only if both stems are.
  let previousStem = -1;
  for (const word of wordList) {
    const known = knownWord(vocabulary, memo, word);
    if (known.stemId >= 0) {
      counter.add(known.stemId);
      knowsAWord = true;
    }
    if (!known.stop) stems.push(known.stem);
    for (const gram of known.grams) counter.add(gram);
    if (previousStem >= 0 && known.stemId >= 0) {
      const pair = vocabulary.pairs.get(pairKey(previousStem, known.stemId));
      if (pair !== undefined) counter.add(pair);
    }
    previousStem = known.stemId;
  }
  const { ids, counts } = counter.take();
  // One allocation for both arrays of the vector.
  const buffer = new ArrayBuffer(ids.length * 8);
  const vector = { ids: new Int32Array(buffer, 0, ids.length), values: new Float32Array(buffer, ids.length * 4, ids.length) };
  vector.ids.set(ids);
  weighInto(vocabulary.idf, vector, counts);
  return { vector, stems, knowsAWord };
}

/**
 * Sets a vector's values: TF-IDF with sublinear term frequency, L2-normalised (`counts[i]`: how
 * often `vector.ids[i]` came).
 */
function weighInto(idf: Float32Array, vector: SparseVector, counts: Int32Array): void {
  const { ids, values } = vector;
  let norm = 0;
  for (let i = 0; i < ids.length; i++) {
    const count = counts[i]!;
    // Most features come once, and 1 + ln(1) is exactly 1: no logarithm to take.
    const weight = (count === 1 ? 1 : 1 + Math.log(count)) * idf[ids[i]!]!;
    values[i] = weight;
    norm += weight * weight;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i]! /= norm;
}

/** Cosine similarity of two normalised sparse vectors. */
export function cosine(a: SparseVector, b: SparseVector): number {
  let sum = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) sum += a.values[i++]! * b.values[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}
