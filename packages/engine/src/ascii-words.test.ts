import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiWords } from './ascii-words';
import { seededRandom } from './classifier';
import { words } from './text';

/** `words` as it was before the ASCII fast path: the platform's segmenter on every text. */
const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
function segmentedWords(text: string): string[] {
  const normalised = text.normalize('NFKC').toLowerCase().replace(/[:_/\\|]+/g, ' ');
  const out: string[] = [];
  for (const piece of segmenter.segment(normalised)) {
    if (!piece.isWordLike) continue;
    const word = piece.segment;
    out.push(/\d/.test(word) && !/^\d+$/.test(word) ? `0${word.replace(/\d/g, '0')}` : word);
  }
  return out;
}

/** The texts on which `words` and the segmenter disagree (none expected). */
function disagreements(texts: Iterable<string>): { text: string; fast: string[]; segmented: string[] }[] {
  const found = [];
  for (const text of texts) {
    const fast = words(text);
    const segmented = segmentedWords(text);
    if (fast.length !== segmented.length || fast.some((word, i) => word !== segmented[i])) found.push({ text, fast, segmented });
  }
  return found;
}

const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
/** Characters whose neighbours decide a boundary, over-represented in the generated texts. */
const interesting = ['a', 'Z', 'e', '1', '0', '9', '.', "'", ',', ';', ':', '_', '/', '\\', '|', ' ', ' ', '-', '#', '\n', '\r', '\t'];

function* generated(count: number, seed: number): Generator<string> {
  const random = seededRandom(seed);
  for (let n = 0; n < count; n++) {
    const length = Math.floor(random() * 24);
    let text = '';
    for (let i = 0; i < length; i++) {
      const pool = random() < 0.7 ? interesting : ascii;
      text += pool[Math.floor(random() * pool.length)];
    }
    yield text;
  }
}

describe('asciiWords', () => {
  it('finds the words the segmenter finds in edge cases', () => {
    const cases = [
      '', ' ', 'e.g.', 'i.e. this', "don't", "Don't STOP", '3.14', '1,000', '1,000,000.50', 'a.1', '1.a', 'U.S.A.', "x''y", 'a..b',
      '..', '1..2', '1,,2', 'a,b', 'a;b', '1;2', "1'2", "rock 'n' roll", "'quoted'", 'end.', 'end:garching', 'a/b', 'snake_case',
      'pipe|char', 'back\\slash', 'v16.04', '16.04', 'abc123def', '#12345', 'hello, world!', 'what?!', 'e-mail', 'a.b.c.d', '1.2.3',
      'a1.b2', '1a.2b', 'line\r\nbreak', 'tab\there', 'CAPS.LOCK', "O'Neil's", 'a.', '.a', "'a", "a'", '1,', ',1', 'x\x00y', 'a\x7fb',
    ];
    expect(disagreements(cases)).toEqual([]);
    expect(asciiWords("e.g. don't 3.14 1,000 a.1 U.S.A. x''y")).toEqual(['e.g', "don't", '3.14', '1,000', 'a', '1', 'U.S.A', 'x', 'y']);
  });

  it('finds the words the segmenter finds in every text of one or two ASCII characters', () => {
    expect(disagreements(ascii.flatMap((first) => [first, ...ascii.map((second) => first + second)]))).toEqual([]);
  });

  it('finds the words the segmenter finds in generated ASCII texts', () => {
    expect(disagreements(generated(30_000, 29))).toEqual([]);
  });
});

/** The public corpora next to the repository (../shared/data), when present. */
const data = path.resolve(import.meta.dirname, '../../../../shared/data');

/** The first column of a CSV file (quoted fields may hold commas, quotes and line breaks). */
function firstColumn(csv: string): string[] {
  const values: string[] = [];
  let field = '';
  let column = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i]!;
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') field += csv[++i];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') column += 1;
    else if (char === '\n') {
      if (column > 0) values.push(field);
      field = '';
      column = 0;
    } else if (column === 0 && char !== '\r') field += char;
  }
  if (column > 0) values.push(field);
  return values.slice(1);
}

describe.skipIf(!existsSync(data))('words on the public corpora', () => {
  it('reads every utterance as the segmenter does', () => {
    const texts: string[] = [];
    for (const file of ['train.csv', 'test.csv']) texts.push(...firstColumn(readFileSync(path.join(data, 'banking77', file), 'utf8')));
    const braun = path.join(data, 'braun2017_nlu_corpora');
    for (const file of readdirSync(braun).filter((name) => name.endsWith('.json'))) {
      const { sentences } = JSON.parse(readFileSync(path.join(braun, file), 'utf8')) as { sentences: { text: string }[] };
      texts.push(...sentences.map((sentence) => sentence.text));
    }
    expect(texts.length).toBeGreaterThan(13_000);
    expect(disagreements(texts)).toEqual([]);
  });
});
