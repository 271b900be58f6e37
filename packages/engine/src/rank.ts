import { contentStemsOf, words } from './text';
import { topPositions } from './top';

/**
 * The `rank` stage: Okapi BM25 over each content item's subject, utterances and response text,
 * by meaningful stems. The subject counts twice: it names what the item is about.
 */

export interface LexicalIndex {
  /** stem -> (document, term frequency) pairs. */
  postings: Map<string, { documents: Int32Array; frequencies: Float32Array }>;
  lengths: Float32Array;
  averageLength: number;
  documents: number;
}

export interface RankedDocument {
  document: number;
  score: number;
}

const K1 = 1.2;
const B = 0.75;
const SUBJECT_WEIGHT = 2;

export interface LexicalDocument {
  subject: string;
  utterances: readonly string[];
  responseText: string;
}

export function buildLexicalIndex(documents: readonly LexicalDocument[]): LexicalIndex {
  const lists = new Map<string, { documents: number[]; frequencies: number[] }>();
  const lengths = new Float32Array(documents.length);
  documents.forEach((document, index) => {
    const counts = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const term of contentStemsOf(words(text))) counts.set(term, (counts.get(term) ?? 0) + weight);
    };
    add(document.subject, SUBJECT_WEIGHT);
    for (const utterance of document.utterances) add(utterance, 1);
    add(document.responseText, 1);
    let length = 0;
    for (const [term, count] of counts) {
      length += count;
      let list = lists.get(term);
      if (!list) lists.set(term, (list = { documents: [], frequencies: [] }));
      list.documents.push(index);
      list.frequencies.push(count);
    }
    lengths[index] = length;
  });
  const postings = new Map<string, { documents: Int32Array; frequencies: Float32Array }>();
  for (const [term, list] of lists) postings.set(term, { documents: Int32Array.from(list.documents), frequencies: Float32Array.from(list.frequencies) });
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return { postings, lengths, averageLength: documents.length ? total / documents.length || 1 : 1, documents: documents.length };
}

/** The best `limit` documents for a question (its meaningful stems), best first (ties by document order). */
export function rank(index: LexicalIndex, questionStems: readonly string[], limit: number): RankedDocument[] {
  const scores = new Float64Array(index.documents);
  const touched: number[] = [];
  for (const term of new Set(questionStems)) {
    const list = index.postings.get(term);
    if (!list) continue;
    const df = list.documents.length;
    const idf = Math.log(1 + (index.documents - df + 0.5) / (df + 0.5));
    for (let i = 0; i < df; i++) {
      const document = list.documents[i]!;
      const tf = list.frequencies[i]!;
      const norm = tf + K1 * (1 - B + (B * index.lengths[document]!) / index.averageLength);
      if (scores[document] === 0) touched.push(document);
      scores[document] = scores[document]! + (idf * tf * (K1 + 1)) / norm;
    }
  }
  return topPositions(scores, limit, touched).map((document) => ({ document, score: scores[document]! }));
}
