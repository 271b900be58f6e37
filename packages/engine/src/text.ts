import { stemmer } from 'stemmer';
import { eng as englishStopWords } from 'stopword';

/**
 * Reading text: words by the platform's Unicode word segmentation (Intl.Segmenter, UAX #29),
 * Porter stems (`stemmer`) and English stop words (`stopword`). Everything the engine compares goes
 * through here, so training data and questions are read the same way.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
const stopWords = new Set(englishStopWords);

/**
 * The words of a text, lower-cased. UAX #29 keeps 'end:garching' and 'a/b' together (':' and '/'
 * join letters in some languages), so they are split first. Digits keep their shape but not their
 * value ('16.04' and '15.10' read alike): versions and amounts say what kind of question it is.
 */
export function words(text: string): string[] {
  const normalised = text.normalize('NFKC').toLowerCase().replace(/[:_/\\|]+/g, ' ');
  const out: string[] = [];
  for (const piece of segmenter.segment(normalised)) {
    if (!piece.isWordLike) continue;
    const word = piece.segment;
    out.push(/\d/.test(word) && !/^\d+$/.test(word) ? `0${word.replace(/\d/g, '0')}` : word);
  }
  return out;
}

const stems = new Map<string, string>();
/** The Porter stem of a word (memoised: a corpus repeats its words). */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stemmer(word);
    if (stems.size < 200_000) stems.set(word, stemmed);
  }
  return stemmed;
}

export function isStopWord(word: string): boolean {
  return stopWords.has(word);
}

/** The stems of the words that carry meaning (no stop words): what the lexical ranker indexes. */
export function contentStems(text: string): string[] {
  return words(text)
    .filter((word) => !isStopWord(word))
    .map(stem);
}

/** Character n-gram lengths of the classifier's features (within words, with word boundaries). */
const CHAR_GRAMS = [3, 4] as const;

/**
 * The classifier's features of a text: word stems, pairs of neighbouring stems, and character
 * 3- and 4-grams of each word. Stems generalise over inflection, pairs keep a little order, and
 * character grams tolerate typos and unseen word forms.
 */
export function features(text: string): string[] {
  const tokens = words(text);
  const stemmed = tokens.map(stem);
  const out: string[] = [];
  for (const s of stemmed) out.push(`w:${s}`);
  for (let i = 0; i + 1 < stemmed.length; i++) out.push(`b:${stemmed[i]} ${stemmed[i + 1]}`);
  for (const token of tokens) {
    const padded = ` ${token} `;
    for (const n of CHAR_GRAMS) {
      for (let i = 0; i + n <= padded.length; i++) out.push(`c:${padded.slice(i, i + n)}`);
    }
  }
  return out;
}
