import { features, featuresOfWord } from './text';

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

/** TF-IDF with sublinear term frequency, L2-normalised; features outside the vocabulary are dropped. */
export function vectorize(vocabulary: Vocabulary, wordList: readonly string[]): SparseVector {
  const counts = new Map<number, number>();
  for (const feature of features(wordList)) {
    const id = vocabulary.ids.get(feature);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return weigh(vocabulary, counts);
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
