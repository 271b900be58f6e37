import { z } from 'zod';
import { messages } from './messages';

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

/** A value from a fixed list, with the spec's one-of message. */
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
