import { describe, expect, it } from 'vitest';
import { kbFromPlainText, kbPlainText } from '@console/contracts';
import { truncateStage } from './truncate';
import type { AnswerResult } from './types';

/** An answer about to be truncated: the item's response in the reply, a pending generation to clear. */
function pending(response: string): AnswerResult {
  return {
    reply: { response_type: 'content', content_id: 'a', reporting_id: 'r-a', response: kbFromPlainText(response), actions: [], confidence: 0.9 },
    trace: [{ stage: 'genhybrid', data: { used: false, reason: 'off' } }],
    state: { turns: [], flow: null },
    generation: null,
    callout: null,
  };
}

describe('the truncate stage', () => {
  it('cuts the response after the cutoff words, marks the cut and traces it last', () => {
    const result = pending('one two three four five six');
    const cut = truncateStage(result, result.reply.response, 4);
    expect(kbPlainText(cut.reply.response)).toBe('one two three four');
    expect(cut.reply.response.children.at(-1)).toEqual({ type: 'hierarchy_cutoff' });
    expect(cut.trace.map((step) => step.stage)).toEqual(['genhybrid', 'truncate']);
    expect(cut.trace.at(-1)!.data).toEqual({ words: 6, cutoff: 4, truncated: true });
  });

  it('leaves a response within the cutoff as it is, and says so', () => {
    const result = pending('one two three');
    const kept = truncateStage(result, result.reply.response, 3);
    expect(kept.reply.response).toBe(result.reply.response);
    expect(kept.trace.at(-1)!.data).toEqual({ words: 3, cutoff: 3, truncated: false });
  });

  it('cuts the response it is given (a composed one) in place of the reply’s, and leaves nothing pending', () => {
    const result = { ...pending('the item'), generation: { url: 'https://model.test', model: 'm', apiKeyEnv: null, timeoutMs: 1000, messages: [], citations: [] } };
    const done = truncateStage(result, kbFromPlainText('a composed answer of six words'), 3);
    expect(kbPlainText(done.reply.response)).toBe('a composed answer');
    expect(done.reply.content_id).toBe('a');
    expect(done.generation).toBeNull();
  });
});
