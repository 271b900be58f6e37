import { describe, expect, it } from 'vitest';
import { kbFromPlainText, type Snapshot } from '@console/contracts';
import { answer, compile } from './index';

const snapshot = (overrides: Partial<Snapshot> = {}): Snapshot => ({
  version: 1,
  settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry, I cannot help with that.', pipeline_config: {} },
  jargon: { mappings: [] },
  contents: [
    { id: 'c1', reporting_id: 'r1', subject: 'Shipping times', response: kbFromPlainText('We ship within two days.'), utterances: ['how long does shipping take', 'when will my order arrive', 'delivery time'], actions: [] },
    { id: 'c2', reporting_id: 'r2', subject: 'Returns', response: kbFromPlainText('Return items within 30 days.'), utterances: ['how do I return an item', 'can I send it back', 'refund policy'], actions: [] },
  ],
  intents: [],
  slots: [],
  ...overrides,
});

describe('engine', () => {
  it('answers an in-scope question with the matching item', () => {
    const index = compile(snapshot());
    const result = answer(index, null, { utterance: 'How long will shipping take?' });
    expect(result.reply).toMatchObject({ response_type: 'content', content_id: 'c1', reporting_id: 'r1' });
    expect(result.trace.map((step) => step.stage)).toEqual(['rephrase', 'classify', 'rank', 'rerank', 'genhybrid', 'truncate']);
  });
});
