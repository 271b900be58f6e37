import { z } from 'zod';
import { messages } from './messages';
import { JSON_SETTINGS_MAX_CHARS, JSON_SETTINGS_MAX_DEPTH, LIST_MAX_ITEMS } from './constants';

/**
 * A text field of a fixed length range. A missing value gets the same message as an empty one,
 * so a user (or an API client) always reads the rule it broke.
 */
export function text(field: string, min: number, max: number) {
  const tooShort = messages.atLeastChars(field, min);
  let schema = z.string({ error: tooShort });
  if (min > 0) schema = schema.min(min, { error: tooShort });
  return schema.max(max, { error: messages.atMostChars(field, max) });
}

/** A text field that must have exactly `length` characters (codes). */
export function exactText(field: string, length: number) {
  const message = messages.exactlyChars(field, length);
  return z.string({ error: message }).length(length, { error: message });
}

/** A value from a fixed list, with the message '{Field} must be one of a, b, c'. */
export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: messages.oneOf(field, values) });
}

/**
 * An object that refuses unknown fields, naming them; a field the server does not know is a
 * client bug worth a clear 400 rather than silently dropped data.
 */
export function strictObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')} is not an accepted field`;
      if (issue.code === 'invalid_type') return 'Body must be a JSON object';
      return undefined;
    },
  });
}

/** A text field whose surrounding white space is not part of the value (names, utterances, terms). */
export function trimmedText(field: string, min: number, max: number) {
  const tooShort = messages.atLeastChars(field, min);
  let schema = z.string({ error: tooShort }).trim();
  if (min > 0) schema = schema.min(min, { error: tooShort });
  return schema.max(max, { error: messages.atMostChars(field, max) });
}

/**
 * An e-mail address field, the one rule of every e-mail the API takes and every form that asks for
 * one. White space around a pasted address is not part of it, so the lengths count the trimmed
 * address; what remains must be one address (no line breaks: nothing can be smuggled into a mail
 * header), and is kept lowercased, so one mailbox is one account.
 */
export function emailAddress(min: number, max: number) {
  return trimmedText('Email', min, max)
    .pipe(z.email({ error: messages.emailAddress('Email') }))
    .transform((address) => address.toLowerCase());
}

/** Two texts are the same entry when they differ only in case or surrounding white space. */
export function sameEntryKey(value: string): string {
  return value.trim().toLocaleLowerCase('en-US');
}

/** The entries that occur more than once (by `sameEntryKey`), each reported once. */
export function duplicateEntries(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const reported = new Set<string>();
  const duplicates: string[] = [];
  for (const value of values) {
    const key = sameEntryKey(value);
    if (seen.has(key) && !reported.has(key)) {
      reported.add(key);
      duplicates.push(value);
    }
    seen.add(key);
  }
  return duplicates;
}

/**
 * A non-empty list of unique texts (intent utterances, slot terms, jargon terms), each list with
 * its own messages for an empty list and for duplicates.
 */
export function uniqueTextList(field: string, item: z.ZodType<string>, messagesOf: { empty: string; duplicate: string }) {
  return boundedList(field, z.array(item, { error: messagesOf.empty }).min(1, { error: messagesOf.empty })).refine(
    (values) => duplicateEntries(values).length === 0,
    { error: messagesOf.duplicate },
  );
}

/** A list of a request body, at most LIST_MAX_ITEMS long: '{Field} must have at most 1000 items'. */
export function boundedList<T extends z.ZodArray>(field: string, list: T): T {
  return list.max(LIST_MAX_ITEMS, { error: messages.atMostItems(field, LIST_MAX_ITEMS) });
}

/**
 * What makes a JSON value too big to keep: nesting deeper than `maxDepth` or JSON text longer than
 * `maxChars`; null when it fits. The walk keeps its own list of values to visit instead of
 * recursing, so a value nested thousands of levels deep is measured without exhausting the stack,
 * and it stops as soon as a bound is passed.
 */
export function jsonBoundExceeded(value: unknown, { maxDepth, maxChars = Infinity }: { maxDepth: number; maxChars?: number }): 'depth' | 'size' | null {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let chars = 0;
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.value !== null && typeof next.value === 'object') {
      if (next.depth > maxDepth) return 'depth';
      const entries = Array.isArray(next.value) ? next.value.map((item) => ['', item] as const) : Object.entries(next.value);
      // Brackets and separators, then each key with its quotes and colon.
      chars += 2 + Math.max(entries.length - 1, 0);
      for (const [key, item] of entries) {
        if (!Array.isArray(next.value)) chars += JSON.stringify(key).length + 1;
        pending.push({ value: item, depth: next.depth + 1 });
      }
    } else {
      chars += JSON.stringify(next.value ?? null).length;
    }
    if (chars > maxChars) return 'size';
  }
  return null;
}

/**
 * A JSON object (not an array, not null): pipeline configurations and other free-form settings,
 * within JSON_SETTINGS_MAX_DEPTH levels and JSON_SETTINGS_MAX_CHARS characters of JSON text.
 */
export function jsonObject(field: string) {
  return z.record(z.string(), z.unknown(), { error: `${field} must be a JSON object` }).check((ctx) => {
    const exceeded = jsonBoundExceeded(ctx.value, { maxDepth: JSON_SETTINGS_MAX_DEPTH, maxChars: JSON_SETTINGS_MAX_CHARS });
    if (!exceeded) return;
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      // Later checks of the same value (a source type's own configuration) must not walk it.
      continue: false,
      message: exceeded === 'depth' ? messages.jsonTooDeep(field, JSON_SETTINGS_MAX_DEPTH) : messages.jsonTooLong(field, JSON_SETTINGS_MAX_CHARS),
    });
  });
}

/** A path or body id that must be a UUID. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A field holding a record's id (a UUID), with the one message of every malformed id. */
export function uuidText(field: string) {
  return z.string({ error: messages.uuid(field) }).regex(uuidPattern, { error: messages.uuid(field) });
}

/**
 * An id that a stored record keeps to name another record (a sequence's slots and intents, a
 * scenario's sequences): in lower case, as the database answers ids, so the stored reference
 * compares equal to the id it names wherever it is read.
 */
export function referenceId(field: string) {
  return uuidText(field).toLowerCase();
}
