import { describe, expect, it } from 'vitest';
import { kbFromPlainText, type Snapshot } from '@console/contracts';
import { answer, compile, questionTexts, textsToEmbed, type ConversationState, type EngineIndex, type TextVectors } from './index';
import { seededRandom } from './classifier';
import { words } from './text';

/**
 * Semantic understanding with vectors made here instead of the encoder's (the engine takes vectors
 * as input and must stay fast to test): each word stands for a concept, words of one concept share
 * its direction, and a text's vector is the unit-length sum of its words'. Synonyms then come out
 * alike although they share no letters, as a sentence encoder's vectors do.
 */
const concepts: Record<string, string[]> = {
  delivery: ['deliver', 'delivery', 'delivered', 'bring', 'drop', 'ship'],
  home: ['home', 'house', 'door', 'address', 'flat'],
  price: ['price', 'prices', 'cost', 'costs', 'much', 'pay', 'fee', 'euros', 'expensive', 'cheap'],
  rental: ['rent', 'renting', 'rental', 'hire', 'borrow', 'lend'],
  bike: ['bike', 'bikes', 'bicycle', 'cycle', 'e-bike'],
  hours: ['open', 'opening', 'hours', 'close', 'closed', 'weekdays', 'saturday', 'sunday'],
  repair: ['repair', 'repairs', 'fix', 'broken', 'mend', 'tyre', 'puncture'],
};
const conceptOf = new Map(Object.entries(concepts).flatMap(([concept, members]) => members.map((word) => [word, concept] as const)));
const DIMENSIONS = 64;
const directions = new Map<string, Float32Array>();

function direction(key: string): Float32Array {
  let vector = directions.get(key);
  if (!vector) {
    let seed = 7;
    for (const char of key) seed = Math.imul(seed, 31) + char.charCodeAt(0);
    const random = seededRandom(seed);
    vector = Float32Array.from({ length: DIMENSIONS }, () => random() - 0.5);
    directions.set(key, vector);
  }
  return vector;
}

function meaningOf(text: string): Float32Array {
  const sum = new Float32Array(DIMENSIONS);
  for (const word of words(text)) {
    const concept = conceptOf.get(word);
    // A word of no concept still says a little (its own direction), as function words do.
    const weight = concept ? 1 : 0.25;
    const vector = direction(concept ?? word);
    for (let d = 0; d < DIMENSIONS; d++) sum[d]! += weight * vector[d]!;
  }
  const norm = Math.hypot(...sum) || 1;
  return sum.map((value) => value / norm);
}

const vectorsOf = (texts: readonly string[]): TextVectors => new Map(texts.map((text) => [text, meaningOf(text)]));

const item = (id: string, subject: string, response: string, utterances: string[] = []): Snapshot['contents'][number] => ({
  id,
  reporting_id: `r-${id}`,
  subject,
  response: kbFromPlainText(response),
  utterances,
  actions: [],
});

/** An imported FAQ: subjects and responses, no utterances. */
const faq = [
  item('delivery', 'Home delivery', 'We deliver bikes to your home within 10 km of the shop, on weekdays.'),
  item('delivery-prices', 'Delivery prices', 'Delivery costs 15 euros within 5 km and 25 euros up to 10 km.'),
  item('rental', 'Rental prices', 'Renting a city bike costs 12 euros a day, an e-bike 30 euros a day.'),
  item('hours', 'Opening hours', 'We are open from 9 to 18 on weekdays and from 10 to 16 on saturday.'),
  item('repairs', 'Repairs', 'We repair all bikes; a flat tyre takes about an hour.'),
];

function snapshot(contents: Snapshot['contents'], pipeline_config: Record<string, unknown> = {}): Snapshot {
  return {
    version: 1,
    settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry, I cannot help with that.', pipeline_config },
    jargon: { mappings: [] },
    contents,
    intents: [],
    slots: [],
  };
}

function compiled(contents: Snapshot['contents'], pipeline_config: Record<string, unknown> = {}): EngineIndex {
  const project = snapshot(contents, pipeline_config);
  return compile(project, vectorsOf(textsToEmbed(project)));
}

/** Asks as the server does: embeds the texts `questionTexts` names, then answers. */
function ask(index: EngineIndex, state: ConversationState | null, utterance: string) {
  return answer(index, state, { utterance, vectors: vectorsOf(questionTexts(index, state, utterance)) });
}

const stages = (result: ReturnType<typeof answer>) => Object.fromEntries(result.trace.map((step) => [step.stage, step.data])) as Record<string, Record<string, unknown>>;

describe('content without utterances (zero-shot)', () => {
  const index = compiled(faq);

  it('answers a paraphrase that shares no meaningful word with the item', () => {
    expect(index.understanding).toBe('semantic');
    const result = ask(index, null, 'can you bring the bicycle to my house?');
    expect(result.reply).toMatchObject({ response_type: 'content', content_id: 'delivery' });
    const { classify, rank, rerank } = stages(result);
    expect(classify).toMatchObject({ decision: 'content', understanding: 'semantic', refusal: null });
    expect(classify!.semantic).toBeGreaterThan(0.5);
    const candidates = rank!.candidates as { content_id: string; lexical: number; semantic: number }[];
    expect(candidates[0]).toMatchObject({ content_id: 'delivery', lexical: 0 });
    expect(candidates[0]!.semantic).toBeGreaterThan(candidates[1]!.semantic);
    expect((rerank!.candidates as { semantic: number | null }[])[0]!.semantic).toBe(candidates[0]!.semantic);
  });

  it('ranks by meaning and words together', () => {
    expect(ask(index, null, 'how much does it cost to hire a bike for a day').reply.content_id).toBe('rental');
    expect(ask(index, null, 'my tyre has a puncture, can you mend it').reply.content_id).toBe('repairs');
    expect(ask(index, null, 'are you closed on sunday').reply.content_id).toBe('hours');
  });

  it('is understood only with vectors: compiled without any, the index reads words alone', () => {
    const wordsOnly = compile(snapshot(faq));
    expect(wordsOnly.understanding).toBe('lexical');
    expect(questionTexts(wordsOnly, null, 'can you bring the bicycle to my house?')).toEqual([]);
  });
});

describe('the refusal gate without utterances', () => {
  const index = compiled(faq);

  it('is learned from the content itself and refuses off-topic questions, saying why', () => {
    expect(index.threshold).toBeGreaterThan(0);
    for (const utterance of ['who won the football match last night', 'what is the capital of australia', 'tell me a joke about penguins']) {
      const result = ask(index, null, utterance);
      expect(result.reply, utterance).toMatchObject({ response_type: 'oos', content_id: null });
      const { classify, rerank } = stages(result);
      expect(classify).toMatchObject({ decision: 'oos', understanding: 'semantic' });
      expect(classify!.refusal).toMatch(/^The closest item, '.+', is \d\.\d{3,6} close; \d\.\d{3,6} is needed\.$/);
      expect(rerank).toEqual({ skipped: 'oos' });
    }
  });

  it("refuses a question closer in meaning to one of the project's out-of-scope examples than to any item", () => {
    const question = 'can you fix my car tyre';
    expect(ask(index, null, question).reply).toMatchObject({ response_type: 'content', content_id: 'repairs' });
    const guarded = compiled(faq, { out_of_scope_examples: ['can you fix my car', 'car repair garage'] });
    expect(guarded.zeroShot).toBe(true);
    const result = ask(guarded, null, question);
    expect(result.reply).toMatchObject({ response_type: 'oos', content_id: null });
    expect(stages(result).classify!.refusal).toMatch(/^It is closer in meaning to one of the project's out-of-scope examples \(\d\.\d{3,6}\) than to any item \(\d\.\d{3,6}\)\.$/);
    // The items' own questions are answered as before.
    expect(ask(guarded, null, 'please repair the puncture on my bike').reply).toMatchObject({ response_type: 'content', content_id: 'repairs' });
  });

  it('answers the same questions phrased as the subjects, with a confidence above the threshold', () => {
    for (const { id, subject } of faq) {
      const result = ask(index, null, subject.toLowerCase());
      expect(result.reply.content_id, subject).toBe(id);
      expect(result.reply.confidence).toBeGreaterThanOrEqual(index.threshold);
    }
  });
});

describe('follow-up questions', () => {
  const index = compiled(faq);

  it('reads "and how much does that cost?" with the previous question and says so', () => {
    const first = ask(index, null, 'do you deliver to my home');
    expect(first.reply.content_id).toBe('delivery');
    expect(questionTexts(index, first.state, 'and how much does that cost?')).toEqual([
      'and how much does that cost?',
      'and how much does that cost? do you deliver to my home',
    ]);
    const followUp = ask(index, first.state, 'and how much does that cost?');
    expect(followUp.reply.content_id).toBe('delivery-prices');
    expect(stages(followUp).rephrase).toMatchObject({
      output: 'and how much does that cost? do you deliver to my home',
      context: { previous: 'do you deliver to my home', reason: "'and' continues the previous question." },
    });
    // Asked first, the same question is about renting, the other price the project knows.
    expect(stages(ask(index, null, 'and how much does that cost?')).rephrase!.context).toBeNull();
  });

  it('leans a run of follow-ups on the previous question and the topic, not on every question before', () => {
    let state = ask(index, null, 'do you deliver to my home').state;
    const readings: string[] = [];
    for (const followUp of ['and how much does that cost?', 'and is it cheaper on saturday?', 'and what does that cost on sunday?']) {
      const result = ask(index, state, followUp);
      readings.push(stages(result).rephrase!.output as string);
      state = result.state;
    }
    expect(readings).toEqual([
      'and how much does that cost? do you deliver to my home',
      'and is it cheaper on saturday? and how much does that cost? do you deliver to my home',
      'and what does that cost on sunday? and is it cheaper on saturday? do you deliver to my home',
    ]);
    expect(state.turns.at(-1)).toMatchObject({ thread: 'do you deliver to my home' });
  });

  it('keeps a question that stands on its own, and never leans on a refused question', () => {
    const first = ask(index, null, 'do you deliver to my home');
    expect(questionTexts(index, first.state, 'what are your opening hours on saturday')).toEqual(['what are your opening hours on saturday']);
    const own = ask(index, first.state, 'what are your opening hours on saturday');
    expect(own.reply.content_id).toBe('hours');
    expect(stages(own).rephrase!.context).toBeNull();
    const refused = ask(index, null, 'who won the football match last night');
    expect(questionTexts(index, refused.state, 'and how much does that cost?')).toHaveLength(1);
  });
});

describe('trained content', () => {
  const trained = [
    item('delivery', 'Home delivery', 'We deliver bikes to your home.', ['do you deliver', 'can you drop the bike at my place', 'delivery to my address', 'will you ship it to me']),
    item('rental', 'Rental prices', 'A city bike costs 12 euros a day.', ['how much is a rental', 'price to rent a bike', 'what does a day of hire cost', 'rental fee']),
    item('repairs', 'Repairs', 'We repair all bikes.', ['my bike is broken', 'can you fix my bike', 'repair a flat', 'puncture repair']),
  ];

  it('classifies with the sentence vectors as features of the one classifier', () => {
    const index = compiled(trained);
    expect(index.zeroShot).toBe(false);
    expect(index.meaning).not.toBeNull();
    const result = ask(index, null, 'could you bring the bicycle to my house');
    expect(result.reply.content_id).toBe('delivery');
    expect(stages(result).classify).toMatchObject({ understanding: 'semantic', decision: 'content' });
  });

  it('refuses a question far in meaning from every item, saying why', () => {
    const index = compiled(trained);
    const result = ask(index, null, 'who won the football match last night');
    expect(result.reply.response_type).toBe('oos');
    expect(stages(result).classify!.refusal).toMatch(/^The closest item in meaning, '.+', is -?\d\.\d{3,6} alike; 0\.350 is needed\.$/);
  });
});

describe('follow-ups never hijack a new question', () => {
  const zeroShot = compiled(faq);
  const trainedIndex = compiled([
    ...faq.slice(0, 2).map((content) => ({ ...content, utterances: [`${content.subject.toLowerCase()} please`, content.subject] })),
    item('hours', 'Opening hours', 'We are open from 9 to 18 on weekdays and from 10 to 16 on saturday.', ['when are you open', 'opening hours', 'are you open on saturday', 'what time do you close']),
    item('repairs', 'Repairs', 'We repair all bikes.', ['my bike is broken', 'can you fix my bike', 'repair a flat', 'puncture repair']),
  ]);

  for (const [name, index] of [['zero-shot', zeroShot], ['trained', trainedIndex]] as const) {
    it(`${name}: refuses a complete off-topic question, gibberish and unknown fragments after an answer, as it does first`, () => {
      const first = ask(index, null, 'do you deliver to my home');
      expect(first.reply.content_id).toBe('delivery');
      for (const question of ['What is the capital of France?', 'asdfgh qwerty', 'What is the meaning of life?', 'Tell me a joke', 'who won the football match last night']) {
        expect(ask(index, null, question).reply.response_type).toBe('oos');
        const after = ask(index, first.state, question);
        expect(after.reply.response_type).toBe('oos');
        const rephrase = stages(after).rephrase!;
        expect(rephrase.context).toBeNull();
        expect(rephrase.output).toBe(question);
        expect(rephrase.standalone).toMatchObject({ previous: 'do you deliver to my home', reason: expect.stringMatching(/read alone\.$/) });
      }
      const unknown = stages(ask(index, first.state, 'What is the capital of France?')).rephrase!.standalone as { reason: string };
      expect(unknown.reason).toBe("None of its words ('capital', 'france') is known to the project, so it was read alone.");
    });

    it(`${name}: answers a short question another item answers on its own with that item`, () => {
      const first = ask(index, null, 'do you deliver to my home');
      const own = ask(index, first.state, 'fix a puncture');
      expect(own.reply.content_id).toBe('repairs');
      expect(stages(own).rephrase!.context).toBeNull();
    });
  }

  it('reads a question that points back with the previous one when together they name another item', () => {
    const first = ask(zeroShot, null, 'do you deliver to my home');
    const followUp = ask(zeroShot, first.state, 'how much does that cost?');
    expect(followUp.reply.content_id).toBe('delivery-prices');
    expect(stages(followUp).rephrase!.context).toMatchObject({ reason: expect.stringMatching(/^'that' refers to the previous question, and with it/) });
  });

  it('reads a fragment about the previous topic with it, and says why', () => {
    const first = ask(zeroShot, null, 'when are you open on weekdays');
    expect(first.reply.content_id).toBe('hours');
    const fragment = ask(zeroShot, first.state, 'and on saturday?');
    expect(fragment.reply.content_id).toBe('hours');
    expect(stages(fragment).rephrase!.context).toMatchObject({ previous: 'when are you open on weekdays', reason: "'and' continues the previous question." });
  });

  it("does not take 'is there' or 'all in one' for words that point back", () => {
    const first = ask(zeroShot, null, 'do you deliver to my home');
    expect(questionTexts(zeroShot, first.state, 'is there a repair service for old bikes')).toEqual(['is there a repair service for old bikes']);
    expect(questionTexts(zeroShot, first.state, 'do you sell an all in one repair kit')).toEqual(['do you sell an all in one repair kit']);
    expect(questionTexts(zeroShot, first.state, 'is that one cheaper')).toHaveLength(2);
  });
});

describe('lexical-only understanding', () => {
  const shop = [
    item('shipping', 'Shipping times', 'We ship within two days.', ['how long does shipping take', 'when will my order arrive', 'delivery time for my parcel', 'how fast do you deliver', 'shipping duration']),
    item('returns', 'Returns and refunds', 'Return items within 30 days for a refund.', ['how do I return an item', 'can I send it back', 'refund policy', 'I want my money back', 'return a product']),
    item('hours', 'Opening hours', 'We are open from nine to five, Monday to Friday.', ['when are you open', 'what are your opening hours', 'are you open on saturday', 'business hours', 'what time do you close']),
    item('europe', 'Shipping to Europe', 'Parcels to Europe arrive within five days.', ['do you ship to europe', 'delivery to germany', 'shipping to france', 'european shipping', 'send to spain']),
  ];

  it('answers as before semantic understanding: the same items and confidences, with or without vectors', () => {
    const project = snapshot(shop, { understanding: 'lexical' });
    expect(textsToEmbed(project)).toEqual([]);
    // Recorded from the engine before semantic understanding (main at 5e494e4), one conversation.
    const expected: [string, string | null, number][] = [
      ['how quickly will my order get here', 'shipping', 0.9753],
      ['can I get my money back', 'returns', 0.9846],
      ['are you open on sunday', 'hours', 0.9872],
      ['do you deliver to italy', 'shipping', 0.5838],
      ['refund for a broken item', 'returns', 0.9257],
      ['what time do you open', 'hours', 0.9867],
      ['who painted the mona lisa', null, 0],
      ['parcel to spain', 'europe', 0.883],
      ['send it back', 'returns', 0.9641],
      ['hours', 'hours', 0.9656],
      ['and to germany?', 'europe', 0.9588],
    ];
    for (const index of [compile(project), compile(project, vectorsOf(shop.flatMap((content) => [content.subject, ...content.utterances])))]) {
      expect(index.understanding).toBe('lexical');
      let state: ConversationState | null = null;
      const answers = expected.map(([utterance]) => {
        expect(questionTexts(index, state, utterance)).toEqual([]);
        const result = answer(index, state, { utterance });
        state = result.state;
        expect(stages(result).classify).toMatchObject({ understanding: 'lexical', semantic: null });
        return [utterance, result.reply.content_id, result.reply.confidence];
      });
      expect(answers).toEqual(expected);
    }
  });
});
