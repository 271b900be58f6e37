/**
 * Validation messages, all in one form: '{Field} must ...'.
 * Every schema builds its messages here so the server and the forms say the same words.
 */

const characters = (n: number) => (n === 1 ? 'character' : 'characters');

export const messages = {
  atLeastChars: (field: string, n: number) => `${field} must be at least ${n} ${characters(n)}`,
  atMostChars: (field: string, n: number) => `${field} must be at most ${n} ${characters(n)}`,
  exactlyChars: (field: string, n: number) => `${field} must be exactly ${n} ${characters(n)}`,
  oneOf: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`,
  atLeastOneSelection: (field: string) => `${field} must have at least one selection.`,
  selected: (field: string) => `${field} must be selected.`,
  inFuture: (field: string) => `${field} must be in the future.`,
  notLessThan: (field: string, n: number) => `${field} must not be less than ${n}`,
  notGreaterThan: (field: string, n: number) => `${field} must not be greater than ${n}`,
  uuid: (field: string) => `${field} must be a valid UUIDv4.`,
  emailAddress: (field: string) => `${field} must be a valid email address`,
  invalidUrl: (field: string, value: string) => `${field} is not a valid URL: ${value}`,
  exactValue: (field: string, value: string) => `${field} must be ${value}.`,
  uppercase: (field: string) => `${field} must contain at least one uppercase letter`,
  number: (field: string) => `${field} must contain at least one number`,
  special: (field: string) => `${field} must contain at least one special character`,
  matches: (field: string, other: string) => `${field} must match ${other}`,
  atMostItems: (field: string, n: number) => `${field} must have at most ${n} ${n === 1 ? 'item' : 'items'}`,
  jsonTooDeep: (field: string, n: number) => `${field} must not nest more than ${n} levels deep`,
  jsonTooLong: (field: string, n: number) => `${field} must be at most ${n} characters of JSON`,
  /** A partial update (PUT of some fields) that names none. */
  noFieldToUpdate: 'Body must name at least one field to update',
} as const;
