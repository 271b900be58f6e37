import type { TraceStep } from '@console/contracts';
import { contentStemsOf, words } from './text';
import { topPositions } from './top';
import { round, roundedAt, TRACED } from './trace';

/**
 * The `rank` stage: Okapi BM25 over each content item's subject, utterances and response text,
 * by meaningful stems. The subject counts twice: it names what the item is about.
 */

export interface LexicalIndex {
  /**
   * stem -> the documents holding it and its BM25 score in each: every part of the score is known
   * at compile time, so answering only adds them up.
   */
  postings: Map<string, { documents: Int32Array; scores: Float64Array }>;
  documents: number;
}

export interface RankedDocument {
  document: number;
  score: number;
}

/** Candidates the lexical ranker and the classifier each put forward. */
export const CANDIDATES = 10;

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
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const averageLength = documents.length ? total / documents.length || 1 : 1;
  const postings = new Map<string, { documents: Int32Array; scores: Float64Array }>();
  for (const [term, list] of lists) {
    const df = list.documents.length;
    const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
    const frequencies = Float32Array.from(list.frequencies);
    const scores = new Float64Array(df);
    for (let i = 0; i < df; i++) {
      const tf = frequencies[i]!;
      const norm = tf + K1 * (1 - B + (B * lengths[list.documents[i]!]!) / averageLength);
      scores[i] = (idf * tf * (K1 + 1)) / norm;
    }
    postings.set(term, { documents: Int32Array.from(list.documents), scores });
  }
  return { postings, documents: documents.length };
}

/**
 * Every document's score for the question being ranked, and the documents it touched: reused
 * (zeroed after each question), as allocating them per question showed in profiles.
 */
let questionScores = new Float64Array(0);
let touchedDocuments = new Int32Array(0);

/** Adds up the question's BM25 scores into the shared buffer; answers how many documents it touched (listed in `touchedDocuments`). */
function accumulate(index: LexicalIndex, questionStems: readonly string[]): number {
  if (questionScores.length < index.documents) {
    questionScores = new Float64Array(index.documents);
    touchedDocuments = new Int32Array(index.documents);
  }
  const scores = questionScores;
  const touched = touchedDocuments;
  let touchedCount = 0;
  for (let t = 0; t < questionStems.length; t++) {
    const term = questionStems[t]!;
    // Each term once, in the order first asked: a document's score adds them in that order.
    if (questionStems.indexOf(term) < t) continue;
    const list = index.postings.get(term);
    if (!list) continue;
    const { documents, scores: termScores } = list;
    for (let i = 0; i < documents.length; i++) {
      const document = documents[i]!;
      // Every term's score is positive: a zero is a document not touched yet.
      if (scores[document] === 0) touched[touchedCount++] = document;
      scores[document] = scores[document]! + termScores[i]!;
    }
  }
  return touchedCount;
}

function clearScores(touchedCount: number): void {
  for (let i = 0; i < touchedCount; i++) questionScores[touchedDocuments[i]!] = 0;
}

/** The best `limit` documents for a question (its meaningful stems), best first (ties by document order). */
export function rank(index: LexicalIndex, questionStems: readonly string[], limit: number): RankedDocument[] {
  const touchedCount = accumulate(index, questionStems);
  const scores = questionScores;
  const ranked = topPositions(scores, limit, touchedDocuments.subarray(0, touchedCount)).map((document) => ({ document, score: scores[document]! }));
  clearScores(touchedCount);
  return ranked;
}

/** Every document's BM25 score for a question (0: no word in common), into `out`. */
export function lexicalScores(index: LexicalIndex, questionStems: readonly string[], out: Float64Array): Float64Array {
  const touchedCount = accumulate(index, questionStems);
  out.fill(0);
  for (let i = 0; i < touchedCount; i++) out[touchedDocuments[i]!] = questionScores[touchedDocuments[i]!]!;
  clearScores(touchedCount);
  return out;
}

/**
 * The rank stage: the lexical candidates, best first. Zero-shot, the ranking is the closeness the
 * classify stage computed (its leading labels that are items); else BM25 alone. Its trace lists the
 * first few with their semantic closeness beside them, or says the flow decided (`readByFlow`).
 */
export function rankStage(
  index: { lexical: LexicalIndex; contents: readonly { id: string; subject: string }[]; contentOfLabel: Int32Array },
  classification: { stems: readonly string[]; probabilities: Float64Array | null; lexical: Float64Array | null; semantic: Float64Array | null },
  leading: readonly number[],
  readByFlow: boolean,
): { candidates: RankedDocument[]; step: TraceStep } {
  const closeness = classification.lexical;
  const candidates = closeness
    ? leading
        .filter((labelIndex) => index.contentOfLabel[labelIndex]! >= 0)
        .map((labelIndex) => ({ document: index.contentOfLabel[labelIndex]!, score: classification.probabilities![labelIndex]! }))
    : rank(index.lexical, classification.stems, CANDIDATES);
  if (readByFlow) return { candidates, step: { stage: 'rank', data: { skipped: 'flow' } } };
  const traced = candidates.slice(0, TRACED).map(({ document, score }) => ({
    content_id: index.contents[document]!.id,
    subject: index.contents[document]!.subject,
    score: round(score),
    lexical: round(closeness ? closeness[document]! : score),
    semantic: roundedAt(classification.semantic, document),
  }));
  return { candidates, step: { stage: 'rank', data: { candidates: traced } } };
}
