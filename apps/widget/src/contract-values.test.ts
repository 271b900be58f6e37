import { describe, expect, it } from 'vitest';
import * as contracts from '@console/contracts';
import * as restated from './contract-values';
import { IMAGE_PROTOCOLS, LINK_PROTOCOLS } from './safe-url';

describe("the contracts' values the widget restates", () => {
  it('are the contracts’ own', () => {
    expect({ ...restated }).toEqual({ CONVERSATION_ID_HEADER: contracts.CONVERSATION_ID_HEADER, FEEDBACK_COMMENT_MAX: contracts.FEEDBACK_COMMENT_MAX });
    expect([...LINK_PROTOCOLS]).toEqual([...contracts.LINK_PROTOCOLS]);
    expect([...IMAGE_PROTOCOLS]).toEqual([...contracts.IMAGE_PROTOCOLS]);
  });
});
