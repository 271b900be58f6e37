import { describe, expect, it } from 'vitest';
import { jargonMessages } from '@console/contracts';
import { mappingErrors } from './mapping-errors';

describe('mappingErrors', () => {
  it('places each message at its mapping and field', () => {
    const errors = mappingErrors([
      { keyword: 'refund', terms: ['money back'] },
      { keyword: '', terms: [] },
      { keyword: 'Refund', terms: ['Money Back ', 'cash', 'CASH'] },
    ]);
    expect(errors[0]).toEqual({ keyword: [], terms: [] });
    expect(errors[1]).toEqual({ keyword: ['Keyword must be at least 1 character'], terms: [jargonMessages.termsEmpty] });
    expect(errors[2]!.keyword).toEqual([jargonMessages.keywordsUnique]);
    expect(errors[2]!.terms).toEqual([jargonMessages.termsUnique, jargonMessages.termInOtherMapping]);
  });

  it('names a term that is too long at its mapping', () => {
    const errors = mappingErrors([{ keyword: 'store', terms: ['x'.repeat(256)] }]);
    expect(errors[0]!.terms).toEqual(['Term must be at most 255 characters']);
  });

  it('is empty for valid mappings', () => {
    expect(mappingErrors([{ keyword: 'store', terms: ['shop', 'outlet'] }])).toEqual([{ keyword: [], terms: [] }]);
  });
});
