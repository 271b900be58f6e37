import { isIPv4, isIPv6 } from 'node:net';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { REDACTION_KINDS, REDACTION_MARKERS, slotLocales, type RedactionKind } from '@console/contracts';
import { LruMap } from '../snapshot/lru';

/**
 * Personal data in a text replaced by typed markers ([EMAIL], [CARD]...), before the text is stored.
 * Each kind is a pattern that finds candidates and a check that keeps only real ones: a card number
 * must pass the Luhn check, an IBAN its checksum (ibantools), an address be one (node:net), a phone
 * number be valid where it is dialled (libphonenumber-js, with its full metadata). A candidate that
 * fails stays as typed, so an order number or a date is never taken for a card or a phone. Markers
 * hold no digit and no '@', so a later kind never finds anything inside an earlier one's marker.
 */

/** Local part @ domain with a dot and a top-level name; bounded, so no text makes it backtrack for long. */
const EMAIL = /[\w.%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![\w-])/g;
/** 13 to 19 digits, grouped by single spaces or dashes. */
const CARD = /(?<![\w.,-])\d(?:[ -]?\d){12,18}(?![\w-]|[.,]\d)/g;
/** A country, two check digits, then up to 30 letters and digits in groups of four, written together or apart (never inside a dashed id). */
const IBAN = /(?<![\w-])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,3})?(?![\w-])/g;
const IPV4 = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)/g;
/** Groups of hex digits and colons, at least two colons: node:net decides. */
const IPV6 = /(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])/g;
/**
 * An optional + or 00, then 7 to 15 digits with the separators people type, never part of a longer
 * token joined by dashes or dots (an id such as a UUID holds digit runs between dashes).
 */
const PHONE = /(?<![\w+(.-])[+(]?\d(?:[ ()./-]{0,2}\d){6,16}(?![\w-]|\.\d)/g;
/** Dates written with numbers (2026-11-27, 27.11.2026, 11/27/2026): never phone numbers. */
const DATE_SHAPED = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;

/** The regions a national phone number is read in: those of the locales a phone slot reads. */
const PHONE_REGIONS = [...new Set(slotLocales.map((locale) => new Intl.Locale(locale).region!))] as CountryCode[];
/**
 * Regions whose national numbers are written with a leading 0 (the trunk prefix): there a number
 * without it is no phone number as people write one, though the metadata would read it as one
 * (87654321 is a valid German number), and an order number must not become [PHONE].
 */
const TRUNK_ZERO_REGIONS = new Set<CountryCode>(['GB', 'AU', 'IE', 'NZ', 'DE', 'FR', 'NL', 'SE']);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function isPhone(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15 || DATE_SHAPED.test(candidate)) return false;
  if (candidate.startsWith('+')) return isValidPhoneNumber(candidate);
  if (digits.startsWith('00')) return isValidPhoneNumber(`+${digits.slice(2)}`);
  const trunkZero = /^\(?0/.test(candidate);
  return PHONE_REGIONS.some((region) => (trunkZero || !TRUNK_ZERO_REGIONS.has(region)) && isValidPhoneNumber(candidate, region));
}

/** What a text holds of the characters the kinds need, counted in one pass before any pattern runs. */
interface Shape {
  digits: number;
  ats: number;
  colons: number;
  dots: number;
}

function shapeOf(text: string): Shape {
  const shape = { digits: 0, ats: 0, colons: 0, dots: 0 };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) shape.digits++;
    else if (code === 64) shape.ats++;
    else if (code === 58) shape.colons++;
    else if (code === 46) shape.dots++;
  }
  return shape;
}

/**
 * Each kind's patterns, the check that keeps a candidate, and what a text must hold for the patterns
 * to find anything at all (an answer's text with a time in it is no card number): most stored
 * strings with a digit run no pattern.
 */
const finders: Record<RedactionKind, { patterns: RegExp[]; keep: (match: string) => boolean; mayHold: (shape: Shape) => boolean }> = {
  email: { patterns: [EMAIL], keep: () => true, mayHold: (shape) => shape.ats > 0 },
  iban: { patterns: [IBAN], keep: (match) => isValidIBAN(electronicFormatIBAN(match.toUpperCase()) ?? ''), mayHold: (shape) => shape.digits >= 2 },
  card: { patterns: [CARD], keep: (match) => luhn(match.replace(/\D/g, '')), mayHold: (shape) => shape.digits >= 13 },
  ip: {
    patterns: [IPV4, IPV6],
    keep: (match) => isIPv4(match) || (isIPv6(match) && /[0-9A-Fa-f]/.test(match)),
    mayHold: (shape) => (shape.digits >= 4 && shape.dots >= 3) || shape.colons >= 2,
  },
  phone: { patterns: [PHONE], keep: isPhone, mayHold: (shape) => shape.digits >= 7 },
};

/** Texts without an '@', a digit or a colon hold nothing any kind finds: most questions. */
const MAYBE_PERSONAL = /[@\d:]/;

/**
 * Texts redacted lately, by kinds and text: one answer holds the visitor's words several times (the
 * request, the trace, the remembered turns), and a phone number's check costs tens of microseconds.
 */
const recent = new LruMap<string, string>(1_000);

/** `text` with the personal data of `kinds` replaced by their markers (the same string when none was found). */
export function redactText(text: string, kinds: readonly RedactionKind[]): string {
  if (!kinds.length || !MAYBE_PERSONAL.test(text)) return text;
  const shape = shapeOf(text);
  const due = REDACTION_KINDS.filter((kind) => kinds.includes(kind) && finders[kind].mayHold(shape));
  if (!due.length) return text;
  const key = `${due.join(',')}\u0000${text}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  let redacted = text;
  for (const kind of due) {
    const { patterns, keep } = finders[kind];
    for (const pattern of patterns) redacted = redacted.replace(pattern, (match) => (keep(match) ? REDACTION_MARKERS[kind] : match));
  }
  recent.set(key, redacted);
  return redacted;
}

/**
 * A JSON value with every string in it redacted (object keys are the program's, not the visitor's,
 * and stay). Parts without personal data are the same objects, so a clean value costs one walk.
 */
export function redactValue<T>(value: T, kinds: readonly RedactionKind[]): T {
  if (!kinds.length) return value;
  return walk(value, kinds) as T;
}

/**
 * Strings the program made (ids of items, conversations and answers; the times it stamps): never
 * personal data, never to be changed, and passed by without a pattern or a lookup.
 */
const PROGRAM_MADE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2}))$/i;

function walk(value: unknown, kinds: readonly RedactionKind[]): unknown {
  if (typeof value === 'string') return PROGRAM_MADE.test(value) ? value : redactText(value, kinds);
  if (Array.isArray(value)) {
    let changed: unknown[] | null = null;
    value.forEach((item, i) => {
      const next = walk(item, kinds);
      if (next !== item) (changed ??= [...value])[i] = next;
    });
    return changed ?? value;
  }
  if (value && typeof value === 'object') {
    let changed: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const next = walk(item, kinds);
      if (next !== item) (changed ??= { ...(value as Record<string, unknown>) })[key] = next;
    }
    return changed ?? value;
  }
  return value;
}

/** A redacted text cut to a column's length: a marker may be a character longer than what it replaced. */
export function redactToFit(text: string, kinds: readonly RedactionKind[], max: number): string {
  const redacted = redactText(text, kinds);
  return redacted.length > max ? redacted.slice(0, max) : redacted;
}
