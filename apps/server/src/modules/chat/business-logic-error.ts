import type { CalloutFailure } from '@console/engine';

/** A flow's endpoint failed the turn: answered 502, the conversation left as it was before the turn. */
export class BusinessLogicError extends Error {
  constructor(readonly failure: CalloutFailure) {
    super(`the business-logic endpoint failed: ${failure.error}`);
    this.name = 'BusinessLogicError';
  }
}
