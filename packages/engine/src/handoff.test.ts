import { describe, expect, it } from 'vitest';
import { DEFAULT_HANDOFF_MESSAGE, kbFromPlainText, kbPlainText, type Snapshot } from '@console/contracts';
import { answer, compile, textsToEmbed, type ConversationState, type EngineIndex } from './index';
import { HANDOFF_CLOSENESS, HANDOFF_EXAMPLES, recogniseHandoff } from './handoff';
import { words } from './text';

const items: Snapshot['contents'] = [
  {
    id: 'shipping',
    reporting_id: 'r-shipping',
    subject: 'Shipping times',
    response: kbFromPlainText('We ship within two days.'),
    utterances: ['how long does shipping take', 'when will my order arrive', 'delivery time for my parcel', 'how fast do you deliver'],
    actions: [],
  },
  {
    id: 'agents',
    reporting_id: 'r-agents',
    subject: 'Travel agents',
    response: kbFromPlainText('A travel agent books your trips for you.'),
    utterances: ['what does a travel agent do', 'do I need a travel agent', 'travel agent fees', 'book through an agent'],
    actions: [],
  },
  {
    id: 'transfers',
    reporting_id: 'r-transfers',
    subject: 'Money transfers',
    response: kbFromPlainText('Transfers to another person arrive the same day.'),
    utterances: ['how do I transfer money to someone', 'send money to another person', 'transfer to a friend', 'pay someone else'],
    actions: [],
  },
];

function snapshot(settings: Partial<Snapshot['settings']> = {}, contents = items): Snapshot {
  return {
    version: 1,
    settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry, I cannot help with that.', pipeline_config: {}, ...settings },
    jargon: { mappings: [] },
    contents,
    intents: [],
    slots: [],
  };
}

const stages = (result: ReturnType<typeof answer>) => Object.fromEntries(result.trace.map((step) => [step.stage, step.data]));
const ask = (index: EngineIndex, utterance: string, state: ConversationState | null = null) => answer(index, state, { utterance });

/** Requests for a person written for these tests (the built-in examples aside): the rule and the examples' words must find each. */
const requests = [
  'I want to speak to a human',
  'talk to an agent',
  'real person please',
  'can I talk to someone',
  'connect me with customer service',
  'is there a real person I can chat with',
  'operator',
  'agent please',
  "I'd like to speak to a real person",
  'get me a human',
  'can you put me through to an agent',
  'transfer me to a representative please',
  'I need a human',
  'could I chat with one of your staff',
  'is there anyone I can talk to',
  'human!',
  'can I speak to a manager',
  'please connect me to a live agent',
  'can i get a real person',
  'are there any agents available',
  'do you have a human I can talk to',
  "I'd prefer a human agent",
  'any humans around?',
  "I'd like to be transferred to a person",
  'can I be connected to an advisor',
  'customer service please',
  "I don't want a bot, get me a person",
];

/** Questions that name a person or a contact verb without asking for a person. */
const nearMisses = [
  'what does a travel agent do',
  'who is the person in charge of refunds',
  'I spoke to an agent yesterday and nothing happened',
  'how do I transfer money to someone else',
  'can I send money to another person',
  'is this a human or a bot',
  'are you a real person',
  'my agent told me the fee was waived',
  "I don't want to talk to a human",
  'how do I contact customer service by email',
  'what are your customer service hours',
  'I want to identify the person who unfriended me',
  'do I need to speak to a representative to change my pin?',
  'can I talk about my refund',
];

describe('a request for a person (handoff)', () => {
  const index = compile(snapshot());

  it.each(requests)('recognises %j', (utterance) => {
    const result = ask(index, utterance);
    expect(result.reply).toMatchObject({ response_type: 'handoff', content_id: null, actions: [] });
    expect(kbPlainText(result.reply.response)).toBe(DEFAULT_HANDOFF_MESSAGE);
    const classify = stages(result).classify as { decision: string; handoff: { by: string; reason: string } };
    expect(classify.decision).toBe('handoff');
    expect(classify.handoff.reason).toMatch(/^It (asks for a person|has the words of the handoff example)/);
  });

  it.each(nearMisses)('does not take %j for one', (utterance) => {
    expect(ask(index, utterance).reply.response_type).not.toBe('handoff');
  });

  it('says which rule or example recognised it', () => {
    expect((stages(ask(index, 'could you put me through to a member of staff')).classify as { handoff: unknown }).handoff).toEqual({
      by: 'rule',
      rule: 'put_through',
      words: 'put me through to a member of staff',
      reason: "It asks for a person ('put me through to a member of staff': connect, transfer or put me through to a person).",
    });
    expect((stages(ask(index, 'a human please')).classify as { handoff: unknown }).handoff).toMatchObject({
      by: 'example',
      example: 'human please',
      closeness: null,
    });
  });

  it("answers with the project's handoff message, its e-mail address a link to write to", () => {
    const message = 'Write to help@example.com or call us.\n\nWe answer within a day.';
    const result = ask(compile(snapshot({ handoff_message: message })), 'talk to a human');
    expect(result.reply.response).toEqual(kbFromPlainText(message, { links: true }));
    expect(result.reply.response.children[0]).toMatchObject({ children: [{ value: 'Write to ' }, { type: 'hierarchy_link', url: 'mailto:help@example.com' }, { value: ' or call us.' }] });
    // An empty message is the default.
    expect(kbPlainText(ask(compile(snapshot({ handoff_message: '  ' })), 'talk to a human').reply.response)).toBe(DEFAULT_HANDOFF_MESSAGE);
  });

  it('is remembered unanswered, so the next question is not read as its follow-up', () => {
    const first = ask(index, 'when will my order arrive');
    const second = ask(index, 'can I talk to someone', first.state);
    expect(second.state.turns.at(-1)).toEqual({ utterance: 'can I talk to someone', rephrased: 'can I talk to someone', thread: null, content_id: null });
    expect(stages(ask(index, 'and to europe?', second.state)).rephrase).toMatchObject({ context: null });
  });

  it('takes a visitor out of a flow', () => {
    const inFlow: ConversationState = {
      turns: [],
      flow: { sequence_id: 'booking', node_id: 'when', scenario_id: null, slots: {}, awaiting: { kind: 'slot', slot_id: 'day' } },
    };
    const result = ask(index, 'I want to talk to a person', inFlow);
    expect(result.reply.response_type).toBe('handoff');
    expect(result.state.flow).toBeNull();
    expect((stages(result).classify as { flow: unknown }).flow).toMatchObject({ sequence: { id: 'booking' }, node: { id: 'when' }, step: 'left' });
  });

  it("replaces the built-in recognition with the project's examples, and turns it off with []", () => {
    const own = compile(snapshot({ pipeline_config: { handoff_examples: ['fetch the owner of the shop', 'owner please'] } }));
    expect(ask(own, 'Please fetch the owner of the shop').reply.response_type).toBe('handoff');
    expect(ask(own, 'owner please!').reply.response_type).toBe('handoff');
    // The built-in rule and examples no longer apply.
    expect(ask(own, 'I want to speak to a human').reply.response_type).toBe('oos');

    const off = compile(snapshot({ pipeline_config: { handoff_examples: [] } }));
    expect(off.handoff).toBeNull();
    expect(ask(off, 'I want to speak to a human').reply.response_type).toBe('oos');
    expect(ask(off, 'agent').reply.response_type).not.toBe('handoff');
  });
});

describe('a request for a person, by meaning (semantic understanding)', () => {
  // Vectors made here: each text a direction of its own, but the paraphrase lies close to its example.
  const dimensions = 8;
  const basis = (axis: number, tilt = 0) => {
    const vector = new Float32Array(dimensions);
    vector[axis] = Math.cos(tilt);
    vector[(axis + 1) % dimensions] = Math.sin(tilt);
    return vector;
  };
  const own = ['fetch the shop owner'];
  const project = snapshot({ pipeline_config: { handoff_examples: own } });

  it('embeds the examples at sync (none for a project with nothing to answer or recognition off)', () => {
    expect(textsToEmbed(project)).toEqual(expect.arrayContaining(own));
    expect(textsToEmbed(snapshot())).toEqual(expect.arrayContaining([...HANDOFF_EXAMPLES]));
    expect(textsToEmbed(snapshot({}, []))).toEqual([]);
    expect(textsToEmbed(snapshot({ pipeline_config: { handoff_examples: [] } }))).not.toEqual(expect.arrayContaining([HANDOFF_EXAMPLES[0]]));
  });

  it('recognises a question close enough in meaning to an example, and says how close', () => {
    const vectors = new Map(textsToEmbed(project).map((text, i) => [text, basis(i % dimensions)]));
    vectors.set(own[0]!, basis(0));
    for (const text of textsToEmbed(project)) if (text !== own[0]) vectors.set(text, basis(3));
    const index = compile(project, vectors);
    const near = 'could the boss of the store come';
    const far = 'who runs this place';
    const cosineNear = Math.cos(0.5); // 0.88
    const result = answer(index, null, { utterance: near, vectors: new Map([[near, basis(0, 0.5)]]) });
    expect(result.reply.response_type).toBe('handoff');
    expect((stages(result).classify as { handoff: unknown }).handoff).toMatchObject({
      by: 'example',
      example: own[0],
      closeness: Math.round(cosineNear * 10_000) / 10_000,
    });
    expect(Math.cos(1)).toBeLessThan(HANDOFF_CLOSENESS);
    expect(answer(index, null, { utterance: far, vectors: new Map([[far, basis(0, 1)]]) }).reply.response_type).not.toBe('handoff');
    // A negated question is not taken for one by meaning, which barely sees the negation.
    expect(recogniseHandoff(index.handoff, words("don't fetch the boss"), basis(0, 0.1))).toBeNull();
  });
});
