import { describe, expect, it } from 'vitest';
import { FLOW_CANCELLED, flowGaveUp, kbFromPlainText, kbPlainText, type Snapshot, type SnapshotScenario, type SnapshotSequence } from '@console/contracts';
import { seededRandom } from './classifier';
import { answer, compile, completeCallout, questionTexts, textsToEmbed, type AnswerResult, type ConversationState, type EngineIndex } from './index';
import { words } from './text';

const contents: Snapshot['contents'] = [
  {
    id: 'shipping',
    reporting_id: 'r-shipping',
    subject: 'Shipping times',
    response: kbFromPlainText('We ship within two days.'),
    utterances: ['how long does shipping take', 'when will my order arrive', 'delivery time for my parcel', 'how fast do you deliver', 'shipping duration'],
    actions: [],
  },
  {
    id: 'hours',
    reporting_id: 'r-hours',
    subject: 'Opening hours',
    response: kbFromPlainText('We are open from nine to five.'),
    utterances: ['when are you open', 'what are your opening hours', 'are you open on sunday', 'business hours', 'what time do you close'],
    actions: [],
  },
];

const intents: Snapshot['intents'] = [
  { id: 'book', intent: 'Book a table', utterances: ['book a table', 'reserve a table', 'I want to make a reservation', 'table for dinner', 'can I book a table'] },
  { id: 'confirm', intent: 'Confirm', utterances: ['yes confirm', 'confirm it', 'go ahead', 'yes please', 'that is fine'] },
  { id: 'cancel', intent: 'Cancel a booking', utterances: ['cancel my booking', 'cancel the reservation', 'I want to cancel', 'drop my booking', 'cancel it all'] },
];

const slots: Snapshot['slots'] = [
  { id: 'city', name: 'city', terms: ['Paris', 'London', 'São Paulo', 'New York'] },
  { id: 'day', name: 'day', terms: ['monday', 'tuesday', 'saturday'] },
  { id: 'reference', name: 'reference', terms: ['AB12', 'CD34'] },
];

/** A slot a node collects: its prompt ('' the slot's), re-prompt ('' the slot's) and attempts (null the slot's). */
const collect = (slot_id: string, prompt = '', more: { reprompt?: string; max_attempts?: number | null } = {}) => ({ slot_id, prompt, reprompt: '', max_attempts: null, ...more });

const node = (id: string, attributes: SnapshotSequence['nodes'][number]['attributes']) => ({ id, name: id.toUpperCase(), position: { x: 0, y: 0 }, attributes });

const booking: SnapshotSequence = {
  id: 'booking',
  name: 'Booking',
  nodes: [
    node('collect', [
      { type: 'entry_intents', intents: ['book'] },
      { type: 'collect_slots', slots: [collect('city'), collect('day', 'Which day?')] },
      { type: 'business_logic', url: 'https://api.example.test/book', configuration: { tables: 2 } },
    ]),
    node('confirm', [
      { type: 'follow_up_intents', intents: ['confirm'] },
      { type: 'business_logic', url: 'https://api.example.test/confirm', configuration: {} },
    ]),
  ],
  transitions: [{ id: 't1', source: 'collect', target: 'confirm' }],
};

const cancelling: SnapshotSequence = {
  id: 'cancelling',
  name: 'Cancelling',
  nodes: [node('ask', [{ type: 'entry_intents', intents: ['cancel'] }, { type: 'collect_slots', slots: [collect('reference', 'Your reference?')] }])],
  transitions: [],
};

function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    version: 1,
    settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry, I cannot help with that.', pipeline_config: { understanding: 'lexical' } },
    jargon: { mappings: [] },
    contents,
    intents,
    slots,
    sequences: [booking, cancelling],
    scenarios: [],
    ...overrides,
  };
}

const scenario = (combination: SnapshotScenario['combination']): SnapshotScenario => ({
  id: 'journey',
  display_name: 'Journey',
  combination,
  nodes: [
    { id: 'n-cancel', sequence_id: 'cancelling' },
    { id: 'n-book', sequence_id: 'booking' },
  ],
  transitions: [{ id: 's1', source: 'n-cancel', target: 'n-book' }],
});

const flowOf = (result: AnswerResult) => result.trace.find((step) => step.stage === 'classify')!.data.flow as Record<string, unknown> | null;
const said = (result: AnswerResult) => kbPlainText(result.reply.response);

/** Sentence vectors made here (each word a random direction, a text the unit sum of its words'), for semantic understanding. */
function meaningOf(text: string): Float32Array {
  const sum = new Float32Array(32);
  for (const word of words(text)) {
    let seed = 11;
    for (const char of word) seed = Math.imul(seed, 31) + char.charCodeAt(0);
    const random = seededRandom(seed);
    for (let d = 0; d < sum.length; d++) sum[d]! += random() - 0.5;
  }
  const norm = Math.hypot(...sum) || 1;
  return sum.map((value) => value / norm);
}

function compileSemantic(source: Snapshot): EngineIndex {
  return compile(source, new Map(textsToEmbed(source).map((text) => [text, meaningOf(text)])));
}

/** Asks the questions in turn, each from the state the previous left. */
function converse(index: EngineIndex, questions: string[], state: ConversationState | null = null): AnswerResult {
  let result: AnswerResult | null = null;
  for (const utterance of questions) {
    const vectors = new Map(questionTexts(index, state, utterance).map((text) => [text, meaningOf(text)]));
    result = answer(index, state, { utterance, convId: 'conv-1', vectors });
    state = result.state;
  }
  return result!;
}

const json = (body: unknown) => ({ status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

function completed(index: EngineIndex, result: AnswerResult, outcome: Parameters<typeof completeCallout>[2]): AnswerResult {
  const done = completeCallout(index, result, outcome);
  if ('failed' in done) throw new Error(done.failed.error);
  return done;
}

describe('flows', () => {
  const index = compile(snapshot());

  it('starts the sequence an entry intent names and asks for its first slot, offering its terms', () => {
    const result = converse(index, ['I want to book a table']);
    expect(result.reply.response_type).toBe('scenario');
    expect(said(result)).toBe('What is the city?');
    expect(result.reply.actions).toEqual(slots[0]!.terms.map((term) => ({ type: 'query', label: term, utterance: term })));
    expect(flowOf(result)).toMatchObject({
      sequence: { name: 'Booking' },
      node: { name: 'COLLECT' },
      step: 'ask',
      steps: ['start', 'ask'],
      slot: 'city',
      slot_type: 'terms',
      attempts: { count: 0, max: 2 },
    });
    expect(result.state.flow).toMatchObject({ sequence_id: 'booking', node_id: 'collect', awaiting: { kind: 'slot', slot_id: 'city' } });
    expect(result.callout).toBeNull();
  });

  it('fills the slots the first question names (accents and case aside, whole words) and asks the rest', () => {
    const result = converse(index, ['book a table in SAO PAULO please']);
    expect(said(result)).toBe('Which day?');
    expect(result.state.flow?.slots).toEqual({ city: 'São Paulo' });
    expect(flowOf(result)).toMatchObject({ steps: ['start', 'filled', 'ask'], slot: 'day', slot_type: 'terms', slots: { city: 'São Paulo' } });
    // 'Parisian' is not Paris.
    expect(converse(index, ['book a table, parisian style']).state.flow?.slots).toEqual({});
  });

  it('calls the node’s endpoint once its slots are collected, and says what it answers', () => {
    const asked = converse(index, ['reserve a table', 'London']);
    expect(said(asked)).toBe('Which day?');
    const calling = converse(index, ['on saturday'], asked.state);
    expect(calling.callout).toMatchObject({
      url: 'https://api.example.test/book',
      body: { sequence: { id: 'booking', name: 'Booking' }, node: { id: 'collect', name: 'COLLECT' }, conv_id: 'conv-1', slots: { city: 'London', day: 'saturday' }, configuration: { tables: 2 } },
    });
    expect(flowOf(calling)).toMatchObject({ step: 'call' });
    const result = completed(index, calling, json({ text: 'Booked in London on saturday.' }));
    expect(result.reply.response_type).toBe('scenario');
    expect(said(result)).toBe('Booked in London on saturday.');
    expect(result.callout).toBeNull();
    expect(flowOf(result)).toMatchObject({ step: 'follow_up', calls: ['https://api.example.test/book'] });
    expect(result.state.flow).toMatchObject({ node_id: 'collect', awaiting: { kind: 'follow_up' } });
  });

  it('reads the endpoint’s JSON text, KB document or plain text, and refuses anything else', () => {
    const calling = converse(index, ['book a table in Paris on monday']);
    expect(calling.callout?.body.slots).toEqual({ city: 'Paris', day: 'monday' });
    const document = { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'Table 4.' }] }] };
    expect(completed(index, calling, json({ response: document })).reply.response).toEqual(document);
    expect(said(completed(index, calling, { status: 200, contentType: 'text/plain', body: 'Table 5.' }))).toBe('Table 5.');
    for (const outcome of [
      { status: 500, contentType: 'application/json', body: '{"text":"no"}' },
      json({ response: { children: [{ type: 'script' }] } }),
      { status: 200, contentType: 'application/json', body: '{not json' },
      { status: 200, contentType: 'text/html', body: '<p>hi</p>' },
      { error: 'the request timed out' },
    ]) {
      const failed = completeCallout(index, calling, outcome);
      expect(failed).toMatchObject({ failed: { flow: { step: 'call', url: 'https://api.example.test/book' } } });
    }
  });

  it('goes on with a follow-up intent, and ends after the last node', () => {
    const booked = completed(index, converse(index, ['book a table in Paris on monday']), json({ text: 'Booked.' }));
    const confirming = converse(index, ['yes please, go ahead'], booked.state);
    expect(confirming.callout).toMatchObject({ url: 'https://api.example.test/confirm', body: { node: { name: 'CONFIRM' }, slots: { city: 'Paris', day: 'monday' } } });
    const result = completed(index, confirming, { status: 200, contentType: 'text/plain; charset=utf-8', body: 'Confirmed.' });
    expect(said(result)).toBe('Confirmed.');
    expect(flowOf(result)).toMatchObject({ step: 'done', steps: ['call', 'done'] });
    expect(result.state.flow).toBeNull();
  });

  it('leaves the flow for a question understood otherwise, and asks again for one that is not', () => {
    const asked = converse(index, ['book a table']);
    // An answer that fills nothing is now asked again with the re-prompt (it was the prompt again).
    const again = converse(index, ['hmm, not sure'], asked.state);
    expect(said(again)).toBe('Sorry, I did not understand that. What is the city?');
    expect(flowOf(again)).toMatchObject({ step: 'reprompt', attempts: { count: 1, max: 2 } });
    const left = converse(index, ['how long does shipping take'], asked.state);
    expect(left.reply).toMatchObject({ response_type: 'content', content_id: 'shipping' });
    expect(flowOf(left)).toMatchObject({ step: 'left', node: { name: 'COLLECT' } });
    expect(left.state.flow).toBeNull();
    const other = converse(index, ['cancel my booking'], asked.state);
    expect(said(other)).toBe('Your reference?');
    expect(flowOf(other)).toMatchObject({ sequence: { name: 'Cancelling' }, steps: ['left', 'start', 'ask'] });
  });

  it('answers normally what is not a follow-up the flow waits for', () => {
    const booked = completed(index, converse(index, ['book a table in Paris on monday']), json({ text: 'Booked.' }));
    const result = converse(index, ['what are your opening hours'], booked.state);
    expect(result.reply).toMatchObject({ response_type: 'content', content_id: 'hours' });
    expect(flowOf(result)).toMatchObject({ step: 'left' });
    expect(result.state.flow).toBeNull();
  });

  it('ends a node without an endpoint with the values it collected', () => {
    const result = converse(index, ['cancel my booking', 'it is CD34']);
    expect(said(result)).toBe('Thank you. I have noted: reference: CD34.');
    expect(result.state.flow).toBeNull();
  });

  it('follows the combination mode of the active scenario a sequence runs in', () => {
    const anyAny = compile(snapshot({ scenarios: [scenario('any-any')] }));
    // One of the node's slots is enough.
    expect(converse(anyAny, ['book a table in Paris']).callout?.body.slots).toEqual({ city: 'Paris' });
    // The end of a sequence starts the next one of the scenario.
    const next = converse(anyAny, ['cancel my booking', 'AB12']);
    expect(said(next)).toBe('What is the city?');
    expect(flowOf(next)).toMatchObject({ sequence: { name: 'Booking' }, steps: ['filled', 'ask'] });
    expect(next.state.flow).toMatchObject({ sequence_id: 'booking', scenario_id: 'journey', slots: { reference: 'AB12' } });

    const oneAll = compile(snapshot({ scenarios: [scenario('one-all')] }));
    // Only the scenario's first sequence starts on its entry intent.
    const refused = converse(oneAll, ['book a table in Paris']);
    expect(refused.reply.response_type).toBe('oos');
    expect(converse(oneAll, ['cancel my booking']).reply.response_type).toBe('scenario');
    // All slots are needed.
    const anyAll = compile(snapshot({ scenarios: [scenario('any-all')] }));
    expect(said(converse(anyAll, ['book a table in Paris']))).toBe('Which day?');
  });

  it('is deterministic', () => {
    const again = compile(snapshot());
    const questions = ['book a table', 'Paris', 'monday'];
    expect(JSON.stringify(converse(again, questions))).toBe(JSON.stringify(converse(index, questions)));
  });

  it('answers intents as before for a snapshot synced before sequences existed', () => {
    const old = compile(snapshot({ sequences: undefined, scenarios: undefined }));
    const result = converse(old, ['book a table']);
    expect(result.reply).toMatchObject({ response_type: 'scenario', response: { children: [] } });
    expect(result.state.flow).toBeNull();
    expect(flowOf(result)).toBeNull();
  });

  it('starts flows with semantic understanding, whether the content is trained or answered zero-shot', () => {
    const semantic = { response_word_cutoff: 200, out_of_scope_response: 'Sorry.', pipeline_config: {} };
    const trained = compileSemantic(snapshot({ settings: semantic }));
    expect(trained.understanding).toBe('semantic');
    expect(said(converse(trained, ['I want to make a reservation', 'London']))).toBe('Which day?');
    expect(converse(trained, ['what are your opening hours']).reply.content_id).toBe('hours');
    const faq = contents.map((item) => ({ ...item, utterances: [] }));
    const zeroShot = compileSemantic(snapshot({ settings: semantic, contents: faq }));
    expect(zeroShot.zeroShot).toBe(true);
    expect(said(converse(zeroShot, ['reserve a table']))).toBe('What is the city?');
    expect(converse(zeroShot, ['what are your opening hours']).reply.content_id).toBe('hours');
  });

  it('goes on from a flow state another snapshot left, reading only what this one has', () => {
    const gone = { turns: [], flow: { sequence_id: 'gone', node_id: 'gone', scenario_id: null, slots: {}, awaiting: { kind: 'follow_up' as const } } };
    expect(converse(index, ['how long does shipping take'], gone).reply.content_id).toBe('shipping');
    const renamed = { turns: [], flow: { sequence_id: 'booking', node_id: 'collect', scenario_id: 'gone', slots: { old: 'x' }, awaiting: { kind: 'slot' as const, slot_id: 'old' } } };
    expect(said(converse(index, ['Paris'], renamed))).toBe('Which day?');
  });

  it('enters a node once a turn: a loop of nodes calls each endpoint once, then ends', () => {
    const loop: SnapshotSequence = {
      id: 'loop',
      name: 'Loop',
      nodes: [
        node('x', [
          { type: 'entry_intents', intents: ['cancel'] },
          { type: 'business_logic', url: 'https://api.example.test/x', configuration: {} },
        ]),
        node('y', [{ type: 'business_logic', url: 'https://api.example.test/y', configuration: {} }]),
      ],
      transitions: [
        { id: 'xy', source: 'x', target: 'y' },
        { id: 'yx', source: 'y', target: 'x' },
      ],
    };
    const looping = compile(snapshot({ sequences: [booking, loop] }));
    let result = converse(looping, ['cancel my booking']);
    const urls: string[] = [];
    while (result.callout) {
      urls.push(result.callout.url);
      result = completed(looping, result, json({ text: `Reply ${urls.length}.` }));
    }
    expect(urls).toEqual(['https://api.example.test/x', 'https://api.example.test/y']);
    expect(said(result)).toBe('Reply 1.\nReply 2.');
    expect(flowOf(result)).toMatchObject({ step: 'done', calls: urls });
    expect(result.state.flow).toBeNull();
  });
});

describe('typed slots and re-prompts', () => {
  const returns = {
    id: 'returns',
    reporting_id: 'r-returns',
    subject: 'Return policy',
    response: kbFromPlainText('You can return any item within 30 days.'),
    utterances: ['can I return a toaster', 'how do I return an item', 'what is your return policy', 'send back a product', 'refund for a broken toaster'],
    actions: [],
  };
  const repairSlots: Snapshot['slots'] = [
    // Synced before slot types: a terms slot with the defaults.
    { id: 'appliance', name: 'appliance', terms: ['kettle', 'fridge', 'oven'] },
    { id: 'visit', name: 'visit date', terms: [], type: 'date', locale: 'en-GB', prompt: 'When should we come?', reprompt: 'Which day, for example tomorrow or 3 march?' },
    { id: 'phone', name: 'phone', terms: [], type: 'phone', locale: 'en-GB', max_attempts: 3 },
    { id: 'guests', name: 'guests', terms: [], type: 'number' },
  ];
  const repair = (slotsCollected = [collect('appliance', 'Which appliance needs repair?'), collect('visit'), collect('phone')]): SnapshotSequence => ({
    id: 'repair',
    name: 'Repair',
    nodes: [
      node('book', [
        { type: 'entry_intents', intents: ['repair'] },
        { type: 'collect_slots', slots: slotsCollected },
        { type: 'business_logic', url: 'https://api.example.test/repair', configuration: {} },
      ]),
    ],
    transitions: [],
  });
  const repairSnapshot = (overrides: Partial<Snapshot> = {}) =>
    snapshot({
      contents: [...contents, returns],
      intents: [...intents, { id: 'repair', intent: 'Book a repair', utterances: ['book a repair', 'my appliance is broken', 'I need a repair', 'repair appointment', 'fix my appliance'] }],
      slots: [...slots, ...repairSlots],
      sequences: [repair(), booking],
      ...overrides,
    });
  const index = compile(repairSnapshot());
  const at = (questions: string[], state: ConversationState | null = null) => {
    let result: AnswerResult | null = null;
    for (const utterance of questions) {
      result = answer(index, state, { utterance, convId: 'conv-1', now: '2026-11-27T10:00:00Z' });
      state = result.state;
    }
    return result!;
  };
  const stage = (result: AnswerResult, name: string) => result.trace.find((step) => step.stage === name)!.data;

  it('asks again for an answer that is none of the terms, offering them, and shows why without ranking figures', () => {
    // Alone, 'a toaster' is answered with the return policy: inside the flow it was, and it left the flow.
    expect(at(['a toaster']).reply.content_id).toBe('returns');
    const asked = at(['my appliance is broken']);
    expect(said(asked)).toBe('Which appliance needs repair?');
    const again = at(['a toaster'], asked.state);
    expect(again.reply.response_type).toBe('scenario');
    expect(said(again)).toBe('Sorry, I did not understand that. What is the appliance?');
    expect(again.reply.actions.map((action) => action.label)).toEqual(['kettle', 'fridge', 'oven']);
    expect(again.state.flow?.awaiting).toEqual({ kind: 'slot', slot_id: 'appliance', attempts: 1 });
    expect(stage(again, 'classify')).toEqual({
      decision: 'scenario',
      decided_by: 'flow',
      understanding: 'lexical',
      flow: expect.objectContaining({
        step: 'reprompt',
        slot: 'appliance',
        slot_type: 'terms',
        read: { slot: 'appliance', type: 'terms', value: null, refusal: "'a toaster' is none of the terms: kettle, fridge, oven" },
        attempts: { count: 1, max: 2 },
      }),
    });
    expect(stage(again, 'rank')).toEqual({ skipped: 'flow' });
    // The next answer that names a term fills the slot and the flow asks on, with the slot's own prompt.
    const filled = at(['the kettle'], again.state);
    expect(said(filled)).toBe('When should we come?');
    expect(filled.state.flow).toMatchObject({ slots: { appliance: 'kettle' }, awaiting: { kind: 'slot', slot_id: 'visit', attempts: 0 } });
    expect(stage(filled, 'classify')).toMatchObject({ decided_by: 'flow', flow: { steps: ['filled', 'ask'], read: { value: 'kettle', refusal: null } } });
  });

  it('gives up after the slot’s attempts, with a clear message', () => {
    const result = at(['my appliance is broken', 'a toaster', 'the blender']);
    expect(result.reply.response_type).toBe('scenario');
    expect(said(result)).toBe(flowGaveUp('appliance'));
    expect(result.reply.actions).toEqual([]);
    expect(result.state.flow).toBeNull();
    expect(flowOf(result)).toMatchObject({ step: 'gave_up', attempts: { count: 2, max: 2 } });
    // The flow is over: the next question is any question.
    expect(at(['what are your opening hours'], result.state).reply.content_id).toBe('hours');
  });

  it('leaves the flow for a question the project clearly answers, not for a word or two it resembles', () => {
    const asked = at(['my appliance is broken']);
    const left = at(['What are your opening hours?'], asked.state);
    expect(left.reply).toMatchObject({ response_type: 'content', content_id: 'hours' });
    expect(flowOf(left)).toMatchObject({ step: 'left' });
    expect(left.state.flow).toBeNull();
    expect(stage(left, 'classify')).toMatchObject({ decision: 'content', label: { subject: 'Opening hours' } });
    // An entry intent of a flow leaves too.
    expect(flowOf(at(['I want to book a table'], asked.state))).toMatchObject({ steps: ['left', 'start', 'ask'], sequence: { name: 'Booking' } });
 
    // The same with semantic understanding.
    const semantic = compileSemantic(repairSnapshot({ settings: { response_word_cutoff: 200, out_of_scope_response: 'Sorry.', pipeline_config: {} } }));
    const inFlow = converse(semantic, ['my appliance is broken']);
    expect(said(inFlow)).toBe('Which appliance needs repair?');
    expect(flowOf(converse(semantic, ['a toaster'], inFlow.state))).toMatchObject({ step: 'reprompt' });
    expect(converse(semantic, ['What are your opening hours?'], inFlow.state).reply.content_id).toBe('hours');
  });

  it('ends the flow on a cancel phrase alone, politeness and punctuation aside', () => {
    const asked = at(['my appliance is broken']);
    for (const words of ['cancel', 'Stop!', 'ok, never mind, thanks', 'Forget it please.', 'Cancel that, thank you']) {
      const result = at([words], asked.state);
      expect(said(result)).toBe(FLOW_CANCELLED);
      expect(result.reply.response_type).toBe('scenario');
      expect(result.state.flow).toBeNull();
      expect(flowOf(result)).toMatchObject({ step: 'cancelled' });
    }
    // Within a longer sentence it is not a cancel.
    const longer = at(['stop, the fridge is leaking'], asked.state);
    expect(longer.state.flow?.slots).toEqual({ appliance: 'fridge' });
    expect(flowOf(at(['I cannot stop the noise'], asked.state))).toMatchObject({ step: 'reprompt' });
  });

  it('reads a typed slot only when it is awaited, and sends the endpoint normalised values', () => {
    // 'tomorrow' in the first question fills no date: only the awaited slot is read by its type.
    const asked = at(['my appliance is broken, the oven, come tomorrow']);
    expect(asked.state.flow).toMatchObject({ slots: { appliance: 'oven' }, awaiting: { slot_id: 'visit' } });
    const refused = at(['a toaster'], asked.state);
    expect(said(refused)).toBe('Which day, for example tomorrow or 3 march?');
    expect(refused.reply.actions).toEqual([]);
    expect(flowOf(refused)).toMatchObject({ read: { slot: 'visit date', type: 'date', value: null, refusal: "no date found in 'a toaster'" } });
    const dated = at(['next friday'], refused.state);
    expect(dated.state.flow?.slots).toMatchObject({ visit: '2026-12-04' });
    expect(said(dated)).toBe('What is the phone?');
    // The phone slot allows three answers.
    expect(flowOf(dated)).toMatchObject({ attempts: { count: 0, max: 3 } });
    const calling = at(['020 7946 0958'], dated.state);
    expect(calling.callout?.body.slots).toEqual({ appliance: 'oven', 'visit date': '2026-12-04', phone: '+442079460958' });
    // '03/04' is day first in the slot's locale (en-GB).
    expect(at(['03/04'], asked.state).state.flow?.slots).toMatchObject({ visit: '2027-04-03' });
  });

  it('takes a node’s prompt, re-prompt and attempts over the slot’s', () => {
    const overriding = compile(
      repairSnapshot({ sequences: [repair([collect('guests', 'How many guests?', { reprompt: 'A number, please: how many guests?', max_attempts: 1 }), collect('appliance')])] }),
    );
    const asked = answer(overriding, null, { utterance: 'book a repair' });
    expect(kbPlainText(asked.reply.response)).toBe('How many guests?');
    expect(flowOf(asked)).toMatchObject({ slot: 'guests', slot_type: 'number', attempts: { count: 0, max: 1 } });
    expect(kbPlainText(answer(overriding, asked.state, { utterance: 'twelve' }).reply.response)).toBe('What is the appliance?');
    expect(answer(overriding, asked.state, { utterance: '1,200' }).state.flow?.slots).toEqual({ guests: '1200' });
    // One answer allowed: the first miss gives up.
    const gaveUp = answer(overriding, asked.state, { utterance: 'lots' });
    expect(kbPlainText(gaveUp.reply.response)).toBe(flowGaveUp('guests'));
    const twice = compile(repairSnapshot({ sequences: [repair([collect('guests', '', { reprompt: 'How many, in digits?', max_attempts: 3 })])] }));
    const first = answer(twice, null, { utterance: 'book a repair' });
    expect(kbPlainText(first.reply.response)).toBe('What is the guests?');
    const again = answer(twice, first.state, { utterance: 'lots' });
    expect(kbPlainText(again.reply.response)).toBe('How many, in digits?');
    expect(kbPlainText(answer(twice, again.state, { utterance: 'many' }).reply.response)).toBe('How many, in digits?');
  });

  it('fills a term through the project’s jargon', () => {
    const withJargon = compile(repairSnapshot({ jargon: { mappings: [{ keyword: 'fridge', terms: ['refrigerator', 'frigo'] }] } }));
    const asked = answer(withJargon, null, { utterance: 'my appliance is broken' });
    const filled = answer(withJargon, asked.state, { utterance: 'the Refrigerator' });
    expect(filled.state.flow?.slots).toEqual({ appliance: 'fridge' });
  });

  it('takes free text whole when it is awaited, and a cancel before it', () => {
    const notes = compile(
      repairSnapshot({
        slots: [...repairSlots, { id: 'notes', name: 'notes', terms: [], type: 'text' }, { id: 'order', name: 'order', terms: [], type: 'pattern', pattern: '[A-Z]{2}\\d{4}' }],
        sequences: [repair([collect('notes', 'What is wrong with it?'), collect('order')])],
      }),
    );
    const asked = answer(notes, null, { utterance: 'book a repair' });
    const described = answer(notes, asked.state, { utterance: '  It hums, then stops.  ' });
    expect(described.state.flow?.slots).toEqual({ notes: 'It hums, then stops.' });
    expect(flowOf(answer(notes, described.state, { utterance: 'it is ab1234' }))).toMatchObject({ step: 'reprompt', read: { type: 'pattern', value: null } });
    expect(answer(notes, described.state, { utterance: 'order AB1234 please' }).callout?.body.slots).toEqual({ notes: 'It hums, then stops.', order: 'AB1234' });
    expect(kbPlainText(answer(notes, asked.state, { utterance: 'never mind' }).reply.response)).toBe(FLOW_CANCELLED);
  });

  it('goes on from a state stored before re-prompts (no attempts counted yet)', () => {
    const stored: ConversationState = { turns: [], flow: { sequence_id: 'repair', node_id: 'book', scenario_id: null, slots: {}, awaiting: { kind: 'slot', slot_id: 'appliance' } } };
    expect(at(['a toaster'], stored).state.flow?.awaiting).toEqual({ kind: 'slot', slot_id: 'appliance', attempts: 1 });
  });
});
