import { features } from './text';

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

export function buildVocabulary(texts: readonly string[]): Vocabulary {
  const ids = new Map<string, number>();
  const documentFrequency: number[] = [];
  for (const text of texts) {
    for (const feature of new Set(features(text))) {
      let id = ids.get(feature);
      if (id === undefined) {
        id = ids.size;
        ids.set(feature, id);
        documentFrequency.push(0);
      }
      documentFrequency[id]! += 1;
    }
  }
  const n = texts.length;
  // Smoothed idf, as a feature seen everywhere still says a little.
  const idf = Float32Array.from(documentFrequency, (df) => Math.log((1 + n) / (1 + df)) + 1);
  return { ids, idf };
}

/** TF-IDF with sublinear term frequency, L2-normalised; features outside the vocabulary are dropped. */
export function vectorize(vocabulary: Vocabulary, text: string): SparseVector {
  const counts = new Map<number, number>();
  for (const feature of features(text)) {
    const id = vocabulary.ids.get(feature);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
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
