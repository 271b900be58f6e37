import * as chrono from 'chrono-node';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { CHAT_UTTERANCE_MAX, DEFAULT_SLOT_LOCALE, emailSchema, type SlotType } from '@console/contracts';

/**
 * Reading a slot's value from a visitor's words, one reader per slot type. Each returns the value
 * normalised as the team's endpoint receives it (a term as the slot writes it, `1200`, `2.5`,
 * `jane@example.org`, `+442079460958`, `2026-12-04`), or why nothing was read, in words a team
 * understands (shown in the trace). Pure: a date is read against the `now` it is given.
 */

/** What a reader needs of a slot. */
export interface SlotSpec {
  type: SlotType;
  terms: readonly string[];
  pattern: string;
  locale: string;
}

type SlotReading = { value: string } | { refusal: string };

/** Terms listed in a refusal: enough to see what was expected. */
const TERMS_NAMED = 5;
/** The visitor's words quoted in a refusal, at most. */
const QUOTED_MAX = 60;

/** The visitor's answer as a refusal quotes it. */
function quoted(utterance: string): string {
  const text = utterance.trim().replace(/\s+/g, ' ');
  return `'${text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX - 1)}…` : text}'`;
}

/* ------------------------------------------------------------------ terms */

/** Lower case without accents: 'Café' and 'cafe' are the same term. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Where a term (folded) occurs in a text (folded) as whole words. */
function occurrences(text: string, term: string): number[] {
  const found: number[] = [];
  if (!term) return found;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const before = text[at - 1];
    const after = text[at + term.length];
    if ((before === undefined || !WORD_CHARACTER.test(before)) && (after === undefined || !WORD_CHARACTER.test(after))) found.push(at);
  }
  return found;
}

/** Every whole-word occurrence of the terms in a text (case and accents aside), with where it lies in the folded text. */
export function termOccurrences(text: string, terms: readonly string[]): { term: string; start: number; end: number }[] {
  const folded = fold(text);
  return terms.flatMap((term) => {
    const key = fold(term);
    return occurrences(folded, key).map((start) => ({ term, start, end: start + key.length }));
  });
}

/** The longest of the terms the text names; the value is the term as the slot writes it. */
function readTerms(slot: SlotSpec, utterance: string): SlotReading {
  const found = termOccurrences(utterance, slot.terms).sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)[0];
  if (found) return { value: found.term };
  const named = slot.terms.slice(0, TERMS_NAMED).join(', ') + (slot.terms.length > TERMS_NAMED ? ', …' : '');
  return { refusal: `${quoted(utterance)} is none of the terms: ${named}` };
}

/* -------------------------------------------------------------- free text */

function readText(utterance: string): SlotReading {
  const text = utterance.trim().slice(0, CHAT_UTTERANCE_MAX);
  return text ? { value: text } : { refusal: 'the answer was empty' };
}

/* ----------------------------------------------------------------- number */

/** Number words read when an answer has no digits ('two people'). */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The grouping and decimal separators of a locale ('1,200.5' in en-US, '1.200,5' in de-DE, '1 200,5' in fr-FR). */
const numberPatterns = new Map<string, RegExp>();
function numberPattern(locale: string): RegExp {
  let pattern = numberPatterns.get(locale);
  if (pattern) return pattern;
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  // Locales that group with a space are typed with any space.
  const g = /\s/u.test(group) ? '[ \\u00a0\\u202f]' : escaped(group);
  const d = escaped(decimal);
  // Separators that cannot end or start a number here ('1,2' is no number in en-US); a space may ('2 3').
  const joins = /\s/u.test(group) ? d : `${g}|${d}`;
  // Digits grouped by threes, or plain digits, with the locale's decimals; not part of a word.
  pattern = new RegExp(`(?<![\\p{L}\\p{N}]|\\p{N}(?:${joins}))([-−]?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?(?![\\p{L}\\p{N}]|(?:${joins})\\p{N})`, 'u');
  numberPatterns.set(locale, pattern);
  return pattern;
}

/** Digits with a point for decimals, no grouping, no leading or trailing zeros ('1,200' -> '1200', '2,50' -> '2.5'). */
function normalisedNumber(sign: string, whole: string, fraction: string): string {
  const integer = whole.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  const value = decimals ? `${integer}.${decimals}` : integer;
  return sign && /[1-9]/.test(value) ? `-${value}` : value;
}

function readNumber(slot: SlotSpec, utterance: string): SlotReading {
  const match = numberPattern(slot.locale).exec(utterance);
  if (match) return { value: normalisedNumber(match[1]!, match[2]!, match[3] ?? '') };
  const word = fold(utterance).match(/[\p{L}]+/gu)?.find((candidate) => NUMBER_WORDS.includes(candidate));
  if (word) return { value: String(NUMBER_WORDS.indexOf(word)) };
  return { refusal: `no number found in ${quoted(utterance)}` };
}

/* ----------------------------------------------------------------- e-mail */

/** Characters around an address in a sentence ('<jane@example.org>,', '(jane@example.org).'). */
const AROUND_ADDRESS = /^[\s"'<([{]+|[\s"'>)\]},;:.!?]+$/gu;

/** The first e-mail address in the answer (the contracts' rule), lower-cased. */
function readEmail(utterance: string): SlotReading {
  for (const token of utterance.split(/[\s,;]+/u)) {
    if (!token.includes('@')) continue;
    const parsed = emailSchema.safeParse(token.replace(AROUND_ADDRESS, ''));
    if (parsed.success) return { value: parsed.data };
  }
  return { refusal: `no valid e-mail address found in ${quoted(utterance)}` };
}

/* ------------------------------------------------------------------ phone */

/** The country a phone number is read in when it has no international prefix: the locale's region. */
function countryOf(locale: string): CountryCode {
  return (new Intl.Locale(locale).region ?? new Intl.Locale(DEFAULT_SLOT_LOCALE).region!) as CountryCode;
}

/** The first valid phone number in the answer, in international form (E.164). */
function readPhone(slot: SlotSpec, utterance: string): SlotReading {
  const country = countryOf(slot.locale);
  const found = findPhoneNumbersInText(utterance, country).find(({ number }) => number.isValid());
  if (found) return { value: found.number.number };
  return { refusal: `no valid phone number found in ${quoted(utterance)} (read as dialled in ${country})` };
}

/* ------------------------------------------------------------------- date */

/** chrono's parser for each language of the slot locales but English. */
const dateParsers: Record<string, chrono.Chrono> = {
  de: chrono.de.casual,
  fr: chrono.fr.casual,
  es: chrono.es.casual,
  it: chrono.it.casual,
  nl: chrono.nl.casual,
  pt: chrono.pt.casual,
  sv: chrono.sv.casual,
};

/** chrono's parser for a locale: its language, and for English whether a date is written day first. */
function dateParser(locale: string): chrono.Chrono {
  const parser = dateParsers[locale.split('-')[0]!];
  if (parser) return parser;
  // Month first in the United States and Canada; day first in the other English-speaking locales.
  return locale === 'en-US' || locale === 'en-CA' ? chrono.en.casual : chrono.en.GB;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The first date in the answer, read with the locale's words and order ('03/04' is 4 March in
 * en-US, 3 April in en-GB), 'tomorrow' and 'next friday' against `now` in UTC (the project has no
 * time zone), a date without a year the next one ahead. Built from chrono's components, so the
 * process's time zone never moves it a day. A time or a month alone ('at 5pm', 'in march') is no date.
 */
function readDate(slot: SlotSpec, utterance: string, now: Date): SlotReading {
  const results = dateParser(slot.locale).parse(utterance, { instant: now, timezone: 'UTC' }, { forwardDate: true });
  const dated = results.find(({ start }) => start.isCertain('day') || start.isCertain('weekday'));
  if (!dated) return { refusal: `no date found in ${quoted(utterance)}` };
  const { start } = dated;
  return { value: `${String(start.get('year')).padStart(4, '0')}-${twoDigits(start.get('month')!)}-${twoDigits(start.get('day')!)}` };
}

/* ---------------------------------------------------------------- pattern */

/** The first part of the answer the slot's regular expression matches (contracts refuse unsafe or long patterns). */
function readPattern(slot: SlotSpec, utterance: string): SlotReading {
  let expression: RegExp;
  try {
    expression = new RegExp(slot.pattern, 'u');
  } catch {
    return { refusal: `the slot's pattern /${slot.pattern}/ is not a valid regular expression` };
  }
  const match = expression.exec(utterance.slice(0, CHAT_UTTERANCE_MAX));
  if (match?.[0]) return { value: match[0] };
  return { refusal: `${quoted(utterance)} does not match the pattern /${slot.pattern}/` };
}

/* ------------------------------------------------------------------- read */

/** A slot's value in a visitor's answer, normalised for its type, or why none was read. */
export function readSlotValue(slot: SlotSpec, utterance: string, now: Date): SlotReading {
  switch (slot.type) {
    case 'terms':
      return readTerms(slot, utterance);
    case 'text':
      return readText(utterance);
    case 'number':
      return readNumber(slot, utterance);
    case 'email':
      return readEmail(utterance);
    case 'phone':
      return readPhone(slot, utterance);
    case 'date':
      return readDate(slot, utterance, now);
    case 'pattern':
      return readPattern(slot, utterance);
  }
}
