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
}

/**
 * The vocabulary of the training texts and their vectors, in one reading of each text: every
 * feature gets an id, then the smoothed idf weighs the counts. A word's features are looked up once
 * per distinct word, and stem pairs by a numeric key: compiling reads tens of thousands of texts.
 */
export function buildVocabulary(wordLists: readonly (readonly string[])[]): { vocabulary: Vocabulary; vectors: SparseVector[] } {
  const ids = new Map<string, number>();
  const documentFrequency: number[] = [];
  const lastDocument: number[] = [];
  const idOf = (feature: string) => {
    let id = ids.get(feature);
    if (id === undefined) {
      id = ids.size;
      ids.set(feature, id);
      documentFrequency.push(0);
      lastDocument.push(-1);
    }
    return id;
  };
  const wordIds = new Map<string, { stem: number; stemText: string; grams: number[] }>();
  const pairIds = new Map<number, number>();
  const counted = wordLists.map((wordList, document) => {
    const found: number[] = [];
    let previous = -1;
    let previousText = '';
    for (const word of wordList) {
      let known = wordIds.get(word);
      if (!known) {
        const own = featuresOfWord(word);
        known = { stem: idOf(`w:${own.stem}`), stemText: own.stem, grams: own.grams.map(idOf) };
        wordIds.set(word, known);
      }
      found.push(known.stem, ...known.grams);
      if (previous >= 0) {
        const key = previous * 4_194_304 + known.stem;
        let pair = pairIds.get(key);
        if (pair === undefined) pairIds.set(key, (pair = idOf(`b:${previousText} ${known.stemText}`)));
        found.push(pair);
      }
      previous = known.stem;
      previousText = known.stemText;
    }
    const sorted = Int32Array.from(found).sort();
    const counts = new Map<number, number>();
    for (const id of sorted) {
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (lastDocument[id] !== document) {
        lastDocument[id] = document;
        documentFrequency[id]! += 1;
      }
    }
    return counts;
  });
  const n = wordLists.length;
  // Smoothed idf, as a feature seen everywhere still says a little.
  const vocabulary = { ids, idf: Float32Array.from(documentFrequency, (df) => Math.log((1 + n) / (1 + df)) + 1) };
  return { vocabulary, vectors: counted.map((counts) => weigh(vocabulary, counts)) };
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

function knownWord(vocabulary: Vocabulary, word: string): KnownWord {
  let memo = knownWords.get(vocabulary);
  if (!memo) knownWords.set(vocabulary, (memo = new Map()));
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
export interface ReadQuestion {
  vector: SparseVector;
  stems: string[];
  knowsAWord: boolean;
}

/**
 * Reads a question's words once: TF-IDF vector (sublinear term frequency, L2-normalised; features
 * outside the vocabulary dropped), meaningful stems, and whether the vocabulary knows any stem.
 */
export function readQuestion(vocabulary: Vocabulary, wordList: readonly string[]): ReadQuestion {
  const counts = new Map<number, number>();
  const count = (id: number) => counts.set(id, (counts.get(id) ?? 0) + 1);
  const stems: string[] = [];
  let knowsAWord = false;
  let previous: KnownWord | null = null;
  for (const word of wordList) {
    const known = knownWord(vocabulary, word);
    if (known.stemId >= 0) {
      count(known.stemId);
      knowsAWord = true;
    }
    if (!known.stop) stems.push(known.stem);
    for (const gram of known.grams) count(gram);
    if (previous) {
      const pair = vocabulary.ids.get(`b:${previous.stem} ${known.stem}`);
      if (pair !== undefined) count(pair);
    }
    previous = known;
  }
  return { vector: weigh(vocabulary, counts), stems, knowsAWord };
}

function weigh(vocabulary: Vocabulary, counts: Map<number, number>): SparseVector {
  const ids = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  const values = new Float32Array(ids.length);
  let norm = 0;
  ids.forEach((id, index) => {
    const weight = (1 + Math.log(counts.get(id)!)) * vocabulary.idf[id]!;
    values[index] = weight;
    norm += weight * weight;
  });
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i]! /= norm;
  return { ids, values };
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
