/**
 * The word-like segments Intl.Segmenter (UAX #29, as ICU applies it) finds in ASCII text, found by
 * one scan instead: creating a segment object per word and per space was a fifth of answering a
 * question. ascii-words.test.ts compares the two on generated text and on the public corpora.
 *
 * For ASCII, the rules that keep characters together are few: letters and digits in any mix
 * (WB5, WB8-WB10); '.' and "'" between two letters or between two digits (WB6-7, WB11-12); ',' and
 * ';' between two digits (WB11-12). ':' (a MidLetter) and '_' (an ExtendNumLet) would also join,
 * but `words` splits at them before segmenting, so here they break like any other character.
 */

const OTHER = 0;
const LETTER = 1;
const DIGIT = 2;
/** '.' and "'": join letters and join digits. */
const MID_LETTER_OR_NUMBER = 3;
/** ',' and ';': join digits. */
const MID_NUMBER = 4;

const kinds = new Uint8Array(128);
for (let code = 0x61; code <= 0x7a; code++) kinds[code] = LETTER;
for (let code = 0x41; code <= 0x5a; code++) kinds[code] = LETTER;
for (let code = 0x30; code <= 0x39; code++) kinds[code] = DIGIT;
kinds[0x2e] = MID_LETTER_OR_NUMBER;
kinds[0x27] = MID_LETTER_OR_NUMBER;
kinds[0x2c] = MID_NUMBER;
kinds[0x3b] = MID_NUMBER;

export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Whether the character between two word characters of these kinds keeps them one word. */
function joins(middle: number, before: number, after: number): boolean {
  if (before !== after) return false;
  return middle === MID_LETTER_OR_NUMBER ? before === LETTER || before === DIGIT : middle === MID_NUMBER && before === DIGIT;
}

/** The word-like segments of an ASCII text, in order. */
export function asciiWords(text: string): string[] {
  const out: string[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    let kind = kinds[text.charCodeAt(i)]!;
    if (kind !== LETTER && kind !== DIGIT) {
      i += 1;
      continue;
    }
    const start = i;
    for (;;) {
      i += 1;
      if (i >= length) break;
      const next = kinds[text.charCodeAt(i)]!;
      if (next === LETTER || next === DIGIT) {
        kind = next;
        continue;
      }
      if (next === OTHER || i + 1 >= length) break;
      const after = kinds[text.charCodeAt(i + 1)]!;
      if (!joins(next, kind, after)) break;
      // The middle character is part of the word, and so is the one after it.
      i += 1;
      kind = after;
    }
    out.push(text.slice(start, i));
  }
  return out;
}
