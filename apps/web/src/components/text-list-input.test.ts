import { describe, expect, it } from 'vitest';
import { intentBody, intentMessages, slotBody, slotMessages } from '@console/contracts';
import { textListErrors } from './text-list-input';

describe('textListErrors', () => {
  const utterances = intentBody.shape.utterances;

  it("puts a line's message at its index", () => {
    expect(textListErrors(utterances, ['Where is my order?', ' ', 'x'.repeat(256)])).toEqual({
      items: { 1: 'Utterance must be at least 1 character', 2: 'Utterance must be at most 255 characters' },
    });
  });

  it("keeps the list's own messages apart from the lines'", () => {
    expect(textListErrors(utterances, [])).toEqual({ list: intentMessages.utteranceRequired, items: {} });
    expect(textListErrors(slotBody.shape.terms, ['red', ' Red'])).toEqual({ list: slotMessages.termsUnique, items: {} });
  });

  it('is empty for a valid list', () => {
    expect(textListErrors(utterances, ['Track my parcel'])).toEqual({ items: {} });
  });
});
