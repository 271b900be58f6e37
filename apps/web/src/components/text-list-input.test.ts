import { describe, expect, it } from 'vitest';
import { intentBody, intentMessages, slotBody, slotMessages } from '@console/contracts';
import { textListErrors, textListIssueErrors } from './text-list-input';

describe('textListErrors', () => {
  const utterances = intentBody.shape.utterances;

  it("puts a line's message at its index", () => {
    expect(textListErrors(utterances, ['Where is my order?', ' ', 'x'.repeat(256)])).toEqual({
      items: { 1: 'Utterance must be at least 1 character', 2: 'Utterance must be at most 255 characters' },
    });
  });

  it("keeps the list's own messages apart from the lines'", () => {
    expect(textListErrors(utterances, [])).toEqual({ list: intentMessages.utteranceRequired, items: {} });
  });

  it('is empty for a valid list', () => {
    expect(textListErrors(utterances, ['Track my parcel'])).toEqual({ items: {} });
  });
});

describe('textListIssueErrors', () => {
  it("takes a list's messages from a whole body's issues, where the list's rule depends on another field", () => {
    const issues = slotBody.safeParse({ name: 'colour', type: 'terms', terms: [] }).error?.issues ?? [];
    expect(textListIssueErrors(issues, 'terms')).toEqual({ list: slotMessages.termRequired, items: {} });
    const twice = slotBody.safeParse({ name: 'colour', terms: ['red', ' Red'] }).error?.issues ?? [];
    expect(textListIssueErrors(twice, 'terms')).toEqual({ list: slotMessages.termsUnique, items: {} });
    const lines = slotBody.safeParse({ name: 'colour', terms: ['red', ''] }).error?.issues ?? [];
    expect(textListIssueErrors(lines, 'terms')).toEqual({ items: { 1: 'Term must be at least 1 character' } });
    expect(textListIssueErrors(lines, 'name')).toEqual({ items: {} });
  });
});
