import { stemmer } from 'stemmer';
import { eng as englishStopWords } from 'stopword';
import { asciiWords, isAscii } from './ascii-words';

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
 * ASCII text (most questions) is segmented by `asciiWords`, which finds the same words faster
 * (NFKC leaves ASCII as it is).
 */
export function words(text: string): string[] {
  const found = isAscii(text) ? asciiWords(text.toLowerCase()) : segmentedWords(text);
  for (let i = 0; i < found.length; i++) found[i] = shaped(found[i]!);
  return found;
}

function segmentedWords(text: string): string[] {
  const normalised = text.normalize('NFKC').toLowerCase().replace(/[:_/\\|]+/g, ' ');
  const out: string[] = [];
  for (const piece of segmenter.segment(normalised)) if (piece.isWordLike) out.push(piece.segment);
  return out;
}

/** A word with digits and other characters keeps its shape: '0' first, every digit a '0'. */
function shaped(word: string): string {
  let digits = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) digits += 1;
  }
  return digits === 0 || digits === word.length ? word : `0${word.replace(/\d/g, '0')}`;
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
  return contentStemsOf(words(text));
}

export function contentStemsOf(wordList: readonly string[]): string[] {
  return wordList.filter((word) => !isStopWord(word)).map(stem);
}

/**
 * Character n-gram lengths of the classifier's features (within words, with word boundaries).
 * Trigrams alone measured as accurate as 3- and 4-grams together on the Braun and Banking77
 * corpora, with a third fewer features to learn (bench/accuracy.bench.ts).
 */
const CHAR_GRAMS = [3] as const;

/** A word's own features (its stem and character grams), memoised: texts repeat their words. */
const wordFeatures = new Map<string, { stem: string; grams: string[] }>();
export function featuresOfWord(word: string): { stem: string; grams: string[] } {
  let known = wordFeatures.get(word);
  if (!known) {
    const padded = ` ${word} `;
    const grams: string[] = [];
    for (const n of CHAR_GRAMS) {
      for (let i = 0; i + n <= padded.length; i++) grams.push(`c:${padded.slice(i, i + n)}`);
    }
    known = { stem: stem(word), grams };
    if (wordFeatures.size < 200_000) wordFeatures.set(word, known);
  }
  return known;
}
