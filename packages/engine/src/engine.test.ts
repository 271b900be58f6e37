import { describe, expect, it } from 'vitest';
import { kbFromPlainText, kbWordCount, type KbDocument, type Snapshot } from '@console/contracts';
import { answer, compile, completeGeneration, type EngineIndex } from './index';
import { truncate } from './truncate';

const paragraphs = (...texts: string[]): KbDocument => ({
  children: texts.map((value) => ({ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value }] })),
});

const items: Snapshot['contents'] = [
  {
    id: 'shipping',
    reporting_id: 'r-shipping',
    subject: 'Shipping times',
    response: kbFromPlainText('We ship within two days.'),
    utterances: ['how long does shipping take', 'when will my order arrive', 'delivery time for my parcel', 'how fast do you deliver', 'shipping duration'],
    actions: [{ type: 'query', label: 'Track my parcel', utterance: 'where is my parcel' }],
  },
  {
    id: 'returns',
    reporting_id: 'r-returns',
    subject: 'Returns and refunds',
    response: kbFromPlainText('Return items within 30 days for a refund.'),
    utterances: ['how do I return an item', 'can I send it back', 'refund policy', 'I want my money back', 'return a product'],
    actions: [],
  },
  {
    id: 'hours',
    reporting_id: 'r-hours',
    subject: 'Opening hours',
    response: kbFromPlainText('We are open from nine to five, Monday to Friday.'),
    utterances: ['when are you open', 'what are your opening hours', 'are you open on saturday', 'business hours', 'what time do you close'],
    actions: [],
  },
  {
    id: 'europe',
    reporting_id: 'r-europe',
    subject: 'Shipping to Europe',
    response: kbFromPlainText('Parcels to Europe arrive within five days.'),
    utterances: ['do you ship to europe', 'delivery to germany', 'shipping to france', 'european shipping', 'send to spain'],
    actions: [],
  },
];

function snapshot(overrides: Partial<Snapshot> = {}, settings: Partial<Snapshot['settings']> = {}): Snapshot {
  return {
    version: 1,
    settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry, I cannot help with that.', pipeline_config: {}, ...settings },
    jargon: { mappings: [] },
    contents: items,
    intents: [],
    slots: [],
    ...overrides,
  };
}

const stages = (result: ReturnType<typeof answer>) => Object.fromEntries(result.trace.map((step) => [step.stage, step.data]));

describe('compile', () => {
  it('is deterministic: the same snapshot gives the same index and the same answers', () => {
    const a = compile(snapshot());
    const b = compile(snapshot());
    expect(Array.from(a.model!.weights)).toEqual(Array.from(b.model!.weights));
    expect([a.threshold, a.temperature, a.familiarity]).toEqual([b.threshold, b.temperature, b.familiarity]);
    const question = { utterance: 'how quickly will my order get here' };
    expect(answer(a, null, question)).toEqual(answer(b, null, question));
  });

  it('survives a structured clone (an index built in a worker thread answers alike)', () => {
    const index = compile(snapshot());
    const copy = structuredClone(index) as EngineIndex;
    const question = { utterance: 'what are your hours' };
    expect(answer(copy, null, question)).toEqual(answer(index, null, question));
  });

  it('answers everything out of scope for a project with no active content', () => {
    const index = compile(snapshot({ contents: [] }));
    const result = answer(index, null, { utterance: 'how long does shipping take' });
    expect(result.reply).toMatchObject({ response_type: 'oos', content_id: null, reporting_id: null, response: kbFromPlainText('Sorry, I cannot help with that.') });
  });

  it('compares with the examples of a project of a single item', () => {
    const index = compile(snapshot({ contents: [items[2]!] }));
    expect(answer(index, null, { utterance: 'what are your opening hours on monday' }).reply.content_id).toBe('hours');
    expect(answer(index, null, { utterance: 'tell me a joke about penguins' }).reply.response_type).toBe('oos');
  });
});

describe('answer', () => {
  const index = compile(snapshot());

  it('runs the stages in the order of the event labels and answers the item with its actions', () => {
    const result = answer(index, null, { utterance: 'How long will shipping take?' });
    expect(result.trace.map((step) => step.stage)).toEqual(['rephrase', 'classify', 'rank', 'rerank', 'genhybrid', 'truncate']);
    expect(result.reply).toMatchObject({
      response_type: 'content',
      content_id: 'shipping',
      reporting_id: 'r-shipping',
      response: kbFromPlainText('We ship within two days.'),
      actions: [{ type: 'query', label: 'Track my parcel', utterance: 'where is my parcel' }],
    });
    expect(result.reply.confidence).toBeGreaterThanOrEqual(index.threshold);
    expect(result.reply.confidence).toBeLessThanOrEqual(1);
  });

  it('classify: reports the decision, the label, the confidence against the threshold, and the runners-up', () => {
    const { classify } = stages(answer(index, null, { utterance: 'can I get a refund' }));
    expect(classify).toMatchObject({ decision: 'content', label: { kind: 'content', id: 'returns' } });
    expect((classify as { top: unknown[] }).top).toHaveLength(3);
    expect((classify as { confidence: number }).confidence).toBeGreaterThanOrEqual((classify as { threshold: number }).threshold);
  });

  it('rank: lists lexical candidates by BM25 over subjects, utterances and responses', () => {
    const { rank } = stages(answer(index, null, { utterance: 'refund for a returned product' }));
    const candidates = (rank as { candidates: { content_id: string; score: number }[] }).candidates;
    expect(candidates[0]!.content_id).toBe('returns');
    expect(candidates.every((candidate, i) => i === 0 || candidate.score <= candidates[i - 1]!.score)).toBe(true);
  });

  it('rerank: chooses among the candidates with the calibrated probability', () => {
    const { rerank } = stages(answer(index, null, { utterance: 'do you ship to italy' }));
    expect(rerank).toMatchObject({ chosen: { content_id: 'europe' } });
  });

  it('out of scope: an unrelated question gets the project response, type oos, no content', () => {
    for (const utterance of ['Who painted the Mona Lisa?', 'What is the capital of Australia?', 'Play some jazz music']) {
      const result = answer(index, null, { utterance });
      expect(result.reply, utterance).toMatchObject({ response_type: 'oos', content_id: null, reporting_id: null, actions: [] });
      expect(result.reply.response).toEqual(kbFromPlainText('Sorry, I cannot help with that.'));
      expect(stages(result).rerank).toEqual({ skipped: 'oos' });
    }
  });

  it('out of scope: the threshold can be set in pipeline_config', () => {
    const strict = compile(snapshot({}, { pipeline_config: { oos_threshold: 1 } }));
    expect(strict.threshold).toBe(1);
    expect(answer(strict, null, { utterance: 'how long does shipping take' }).reply.response_type).toBe('oos');
    const lenient = compile(snapshot({}, { pipeline_config: { oos_threshold: 0 } }));
    expect(lenient.learnedThreshold).toBe(index.learnedThreshold);
  });

  it('out of scope: questions like the project\'s out-of-scope examples are refused', () => {
    const guarded = compile(
      snapshot({}, { pipeline_config: { out_of_scope_examples: ['do you sell gift cards', 'can I buy a gift voucher', 'gift card balance', 'gift cards for christmas'] } }),
    );
    expect(guarded.stats.outOfScopeExamples).toBe(4);
    const refused = answer(guarded, null, { utterance: 'do you have gift cards' });
    expect(refused.reply.response_type).toBe('oos');
    expect(stages(refused).classify).toMatchObject({ decision: 'oos', label: { kind: 'oos' } });
    expect(answer(guarded, null, { utterance: 'how long does shipping take' }).reply.content_id).toBe('shipping');
  });

  it('rephrase: jargon turns a term into its keyword, longest term first, and says so', () => {
    const withJargon = compile(
      snapshot({ jargon: { mappings: [{ keyword: 'refund', terms: ['reimbursement', 'money back guarantee'] }] } }),
    );
    const result = answer(withJargon, null, { utterance: 'How does the Money Back Guarantee work?' });
    expect(stages(result).rephrase).toMatchObject({
      output: 'how does the refund work',
      jargon: [{ term: 'money back guarantee', keyword: 'refund' }],
    });
    expect(answer(withJargon, null, { utterance: 'reimbursement please' }).reply.content_id).toBe('returns');
  });

  it('rephrase: a short follow-up not understood alone is read with the previous question', () => {
    const first = answer(index, null, { utterance: 'how long does shipping take' });
    const followUp = answer(index, first.state, { utterance: 'and to germany?' });
    expect(followUp.reply.content_id).toBe('europe');
    const alone = answer(index, null, { utterance: 'and to germany?' });
    if (alone.reply.response_type === 'oos') {
      expect(stages(followUp).rephrase).toMatchObject({ context: { previous: 'how long does shipping take' } });
    }
    expect(followUp.state.turns.map((turn) => turn.content_id)).toEqual(['shipping', 'europe']);
  });

  it('keeps the last five turns of a conversation', () => {
    let state = null;
    for (let i = 0; i < 7; i++) state = answer(index, state, { utterance: `what are your opening hours ${i}` }).state;
    expect(state!.turns).toHaveLength(5);
    expect(state!.turns.at(-1)!.utterance).toBe('what are your opening hours 6');
  });
});

describe('truncate', () => {
  it('cuts a response after the cutoff words and marks the cut', () => {
    const long = paragraphs('one two three four five', 'six seven eight nine ten');
    const cut = truncate(long, 7);
    expect(cut).toMatchObject({ words: 10, truncated: true });
    expect(cut.document).toEqual({
      children: [
        { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'one two three four five' }] },
        { type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'six seven' }] },
        { type: 'hierarchy_cutoff' },
      ],
    });
    expect(kbWordCount(cut.document)).toBe(7);
  });

  it('leaves a response within the cutoff untouched', () => {
    const short = paragraphs('one two three');
    expect(truncate(short, 16)).toEqual({ document: short, words: 3, truncated: false });
  });

  it('applies the project cutoff in answers and traces it', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const index = compile(snapshot({ contents: items.map((item) => (item.id === 'hours' ? { ...item, response: paragraphs(words) } : item)) }, { response_word_cutoff: 16 }));
    const result = answer(index, null, { utterance: 'what are your opening hours' });
    expect(stages(result).truncate).toEqual({ words: 40, cutoff: 16, truncated: true });
    expect(result.reply.response.children.at(-1)).toEqual({ type: 'hierarchy_cutoff' });
    expect(kbWordCount(result.reply.response)).toBe(16);
  });
});

describe('genhybrid', () => {
  const config = { genhybrid: { url: 'https://models.example/v1/chat/completions', model: 'small', api_key_env: 'MODEL_API_KEY_TEST', max_items: 2 } };
  const index = compile(snapshot({}, { pipeline_config: config }));

  it('is off by default', () => {
    const result = answer(compile(snapshot()), null, { utterance: 'refund policy' });
    expect(result.generation).toBeNull();
    expect(stages(result).genhybrid).toEqual({ used: false, reason: 'off' });
  });

  it('asks for a composed answer from the top items, and cites the sources the model used', () => {
    const pending = answer(index, null, { utterance: 'how do I get a refund' });
    expect(pending.generation).toMatchObject({ url: config.genhybrid.url, model: 'small', apiKeyEnv: 'MODEL_API_KEY_TEST' });
    expect(pending.generation!.citations).toHaveLength(2);
    expect(pending.generation!.citations[0]!.content_id).toBe('returns');
    expect(pending.generation!.messages[1]!.content).toContain('[1] Returns and refunds');
    const done = completeGeneration(index, pending, { text: 'You can return it within 30 days [1].' });
    expect(done.generation).toBeNull();
    expect(done.reply.response.children[0]).toEqual({ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'You can return it within 30 days [1].' }] });
    expect(JSON.stringify(done.reply.response)).toContain('[1] Returns and refunds');
    expect(stages(done).genhybrid).toEqual({ used: true, model: 'small', cited: ['returns'] });
    expect(done.trace.map((step) => step.stage)).toEqual(['rephrase', 'classify', 'rank', 'rerank', 'genhybrid', 'truncate']);
  });

  it('falls back to the ranked answer when the model fails or times out', () => {
    const pending = answer(index, null, { utterance: 'how do I get a refund' });
    const fallback = completeGeneration(index, pending, { error: 'timed out after 8 s' });
    expect(fallback.reply.response).toEqual(kbFromPlainText('Return items within 30 days for a refund.'));
    expect(stages(fallback).genhybrid).toEqual({ used: false, model: 'small', error: 'timed out after 8 s' });
  });

  it('refuses to read a key variable outside MODEL_API_KEY_*, and is off then', () => {
    const unsafe = compile(snapshot({}, { pipeline_config: { genhybrid: { ...config.genhybrid, api_key_env: 'JWT_SECRET' } } }));
    expect(unsafe.settings.generation).toBeNull();
    const result = answer(unsafe, null, { utterance: 'refund policy' });
    expect(result.generation).toBeNull();
    expect((stages(result).genhybrid as { reason: string }).reason).toMatch(/MODEL_API_KEY_/);
  });

  it('is not asked for questions out of scope', () => {
    expect(answer(index, null, { utterance: 'Who painted the Mona Lisa?' }).generation).toBeNull();
  });
});
