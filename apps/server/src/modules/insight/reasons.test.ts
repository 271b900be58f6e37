import { describe, expect, it } from 'vitest';
import { sharedReason } from './reasons';

describe('the reason a topic shows for refusals worded alike', () => {
  it('is the refusal itself when all of them read the same', () => {
    const reason = 'The project has no content to answer from.';
    expect(sharedReason(reason, reason)).toBe(reason);
  });

  it('keeps the figures every refusal shares and writes "…" for the ones that differ', () => {
    expect(sharedReason("The closest item, 'Opening hours', is 0.212 close; 0.500 is needed.", "The closest item, 'Opening hours', is 0.488 close; 0.500 is needed.")).toBe(
      "The closest item, 'Opening hours', is … close; 0.500 is needed.",
    );
    expect(sharedReason("The closest item, 'Form 1040', is 0.2 close; 0.5 is needed.", "The closest item, 'Form 1040', is 0.4 close; 0.6 is needed.")).toBe(
      "The closest item, 'Form 1040', is … close; … is needed.",
    );
  });
});
