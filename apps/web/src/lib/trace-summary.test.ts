import { describe, expect, it } from 'vitest';
import type { TraceStep } from '@console/contracts';
import { describeTrace, flowFailureOf, readingOf, refusalOf } from './trace-summary';

const answered: TraceStep[] = [
  { stage: 'rephrase', data: { input: 'reimbursement?', output: 'refund', jargon: [{ term: 'reimbursement', keyword: 'refund' }], context: null } },
  {
    stage: 'classify',
    data: { decision: 'content', label: { kind: 'content', id: 'c1', subject: 'Refunds' }, confidence: 0.91234, threshold: 0.4, familiarity: 1, top: [] },
  },
  { stage: 'rank', data: { candidates: [{ content_id: 'c1', subject: 'Refunds', score: 3.5 }] } },
  {
    stage: 'rerank',
    data: {
      chosen: { content_id: 'c1', subject: 'Refunds' },
      confidence: 0.91,
      candidates: [{ content_id: 'c1', subject: 'Refunds', probability: 0.91, lexical: 1, score: 1.21 }],
    },
  },
  { stage: 'genhybrid', data: { used: false, reason: 'off' } },
  { stage: 'truncate', data: { words: 250, cutoff: 200, truncated: true } },
];

describe('describeTrace', () => {
  it('names the item, its score and confidence, the threshold, the jargon and the truncation', () => {
    expect(describeTrace(answered)).toEqual([
      { stage: 'rephrase', title: 'Rephrase', details: ['Jargon applied: “reimbursement” → “refund”', 'Understood as “refund”'] },
      { stage: 'classify', title: 'Classify', details: ['Decision: a content item (best match “Refunds”)', 'Confidence 0.91, threshold 0.40'] },
      { stage: 'rank', title: 'Rank', details: ['“Refunds”: score 3.50'] },
      {
        stage: 'rerank',
        title: 'Rerank',
        details: ['Chosen “Refunds” with confidence 0.91', '“Refunds”: score 1.21 (probability 0.91, lexical 1.00)'],
      },
      { stage: 'genhybrid', title: 'Generate', details: ['Not used (off)'] },
      { stage: 'truncate', title: 'Truncate', details: ['Truncated at 200 words'] },
    ]);
  });

  it('says when a question is out of scope', () => {
    const lines = describeTrace([
      { stage: 'rephrase', data: { input: 'weather', output: 'weather', jargon: [], context: null } },
      { stage: 'classify', data: { decision: 'oos', label: null, confidence: 0, threshold: 0.4 } },
      { stage: 'rank', data: { candidates: [] } },
      { stage: 'rerank', data: { skipped: 'oos' } },
      { stage: 'truncate', data: { words: 0, cutoff: 200, truncated: false } },
    ]);
    expect(lines.map((line) => line.details)).toEqual([
      ['Jargon applied: none'],
      ['Decision: out of scope (no match)', 'Confidence 0.00, threshold 0.40'],
      ['No item shares a word with the question'],
      ['Skipped (out of scope)'],
      ['Not truncated (0 of at most 200 words)'],
    ]);
  });

  it('says why a question was taken for a request for a person, and the flow it left', () => {
    const reason = "It asks for a person ('talk to a human': speak, talk or chat to a person).";
    const left = { sequence: { id: 's1', name: 'Booking' }, node: { id: 'n1', name: 'Collect' }, step: 'left', steps: ['left'] };
    const lines = describeTrace([
      { stage: 'classify', data: { decision: 'handoff', label: null, confidence: 1, handoff: { by: 'rule', rule: 'contact', words: 'talk to a human', reason }, flow: left } },
      { stage: 'rank', data: { skipped: 'handoff' } },
      { stage: 'rerank', data: { skipped: 'handoff' } },
      { stage: 'genhybrid', data: { used: false, reason: 'handoff' } },
    ]);
    expect(lines.map((line) => line.details)).toEqual([
      ['Decision: a request for a person (answered with the handoff message)', `Why: ${reason}`, 'Sequence “Booking”, node “Collect”: left the flow'],
      ['Skipped (a request for a person)'],
      ['Skipped (a request for a person)'],
      ['Not used (a request for a person)'],
    ]);
  });

  it('shows data of an unknown shape as JSON instead of failing', () => {
    expect(describeTrace([{ stage: 'rank', data: { hits: 2 } }])).toEqual([{ stage: 'rank', title: 'Rank', details: ['{"hits":2}'] }]);
  });

  it('says why a question after an answer was read alone', () => {
    const standalone = { previous: 'do you ship to canada', reason: "None of its words ('capital', 'france') is known to the project, so it was read alone." };
    const [rephrase] = describeTrace([
      { stage: 'rephrase', data: { input: 'What is the capital of France?', output: 'What is the capital of France?', jargon: [], context: null, standalone } },
    ]);
    expect(rephrase!.details).toEqual([
      'Jargon applied: none',
      `Read alone, not with the previous question “do you ship to canada” — ${standalone.reason}`,
    ]);
  });

  it('shows the lexical and semantic scores side by side, the understanding and the previous question a follow-up was read with', () => {
    const lines = describeTrace([
      {
        stage: 'rephrase',
        data: {
          input: 'and on saturday?',
          output: 'and on saturday? opening hours',
          jargon: [],
          context: { previous: 'opening hours', reason: 'too short to place alone' },
        },
      },
      {
        stage: 'classify',
        data: {
          decision: 'content',
          label: { kind: 'content', id: 'c1', subject: 'Opening hours' },
          confidence: 0.8,
          threshold: 0.4,
          understanding: 'semantic',
          semantic: 0.714,
          refusal: null,
        },
      },
      {
        stage: 'rank',
        data: {
          candidates: [
            { content_id: 'c1', subject: 'Opening hours', score: 0.9, lexical: 0.42, semantic: 0.71 },
            { content_id: 'c2', subject: 'Home delivery', score: 0.2, lexical: 0, semantic: null },
          ],
        },
      },
      {
        stage: 'rerank',
        data: {
          chosen: { content_id: 'c1', subject: 'Opening hours' },
          confidence: 0.8,
          candidates: [{ content_id: 'c1', subject: 'Opening hours', probability: 0.8, lexical: 1, semantic: 0.71, score: 1.1 }],
        },
      },
    ]);
    expect(lines.map((line) => line.details)).toEqual([
      [
        'Jargon applied: none',
        'Read with the previous question “opening hours” — too short to place alone',
        'Understood as “and on saturday? opening hours”',
      ],
      [
        'Decision: a content item (best match “Opening hours”)',
        'Confidence 0.80, threshold 0.40',
        'Understanding: semantic, best semantic similarity 0.71',
      ],
      ['“Opening hours”: score 0.90 — lexical 0.42, semantic 0.71', '“Home delivery”: score 0.20 — lexical 0.00'],
      ['Chosen “Opening hours” with confidence 0.80', '“Opening hours”: score 1.10 (probability 0.80, lexical 1.00, semantic 0.71)'],
    ]);
  });

  it('says why a question was refused, in the trace and apart from it', () => {
    const refusal = "The closest item, 'Opening hours', is 0.31 alike; 0.45 is needed";
    const trace: TraceStep[] = [
      { stage: 'rephrase', data: { input: 'who won the cup?', output: 'who won the cup?', jargon: [], context: null } },
      {
        stage: 'classify',
        data: { decision: 'oos', label: null, confidence: 0.1, threshold: 0.4, understanding: 'semantic', semantic: 0.31, refusal },
      },
      { stage: 'rerank', data: { skipped: 'oos' } },
    ];
    expect(describeTrace(trace)[1]!.details).toEqual([
      'Decision: out of scope (no match)',
      `Refused: ${refusal}`,
      'Confidence 0.10, threshold 0.40',
      'Understanding: semantic, best semantic similarity 0.31',
    ]);
    expect(refusalOf(trace)).toBe(refusal);
    expect(refusalOf(answered)).toBeNull();
  });

  it('says when a project understands words only', () => {
    const lines = describeTrace([
      {
        stage: 'classify',
        data: { decision: 'oos', label: null, confidence: 0, threshold: 0.4, understanding: 'lexical', semantic: null, refusal: null },
      },
    ]);
    expect(lines[0]!.details).toEqual(['Decision: out of scope (no match)', 'Confidence 0.00, threshold 0.40', 'Understanding: lexical (words only)']);
  });

  it('names a rank candidate by its id when the trace has no subject', () => {
    expect(describeTrace([{ stage: 'rank', data: { candidates: [{ content_id: 'c1', score: 3.5 }] } }])[0]!.details).toEqual([
      'Item c1: score 3.50',
    ]);
  });

  it('says what a question did in its sequence: the node, the steps, the slots and the endpoints called', () => {
    const flow = {
      sequence: { id: 's1', name: 'Booking' },
      node: { id: 'n1', name: 'Collect' },
      step: 'ask',
      steps: ['filled', 'call', 'ask'],
      slot: 'day',
      slots: { city: 'Paris' },
      calls: ['https://api.example/book'],
    };
    const lines = describeTrace([
      { stage: 'classify', data: { decision: 'scenario', label: { kind: 'intent', id: 'i1', subject: 'Book a table' }, confidence: 0.8, threshold: 0.4, flow } },
    ]);
    expect(lines[0]!.details).toEqual([
      'Decision: a sequence (best match “Book a table”)',
      'Sequence “Booking”, node “Collect”: filled a slot, calls its business logic, asks for “day”',
      'Slots: city “Paris”',
      'Called https://api.example/book',
      'Confidence 0.80, threshold 0.40',
    ]);
    expect(flowFailureOf({ turn: 2, error: { status: 502, message: 'the endpoint answered 500', flow: { ...flow, step: 'call', steps: ['call'], slot: null } } })).toEqual({
      message: 'the endpoint answered 500',
      details: ['Sequence “Booking”, node “Collect”: calls its business logic', 'Slots: city “Paris”', 'Called https://api.example/book'],
    });
    expect(flowFailureOf({ turn: 1, error: { status: 500, message: 'boom' } })).toBeNull();
  });

  it('shows a slot answer the flow read without ranking figures: what was read or why not, and the attempts left', () => {
    const refusal = "'a toaster' is none of the terms: kettle, fridge, oven";
    const flow = {
      sequence: { id: 's1', name: 'Repair' },
      node: { id: 'n1', name: 'Book' },
      step: 'reprompt',
      steps: ['reprompt'],
      slot: 'appliance',
      slot_type: 'terms',
      read: { slot: 'appliance', type: 'terms', value: null, refusal },
      attempts: { count: 1, max: 2 },
      slots: {},
      calls: [],
    };
    const lines = describeTrace([
      { stage: 'classify', data: { decision: 'scenario', decided_by: 'flow', understanding: 'semantic', flow } },
      { stage: 'rank', data: { skipped: 'flow' } },
      { stage: 'rerank', data: { skipped: 'scenario' } },
    ]);
    expect(lines.map((line) => line.details)).toEqual([
      [
        'Decision: a sequence (the flow read the answer; no ranking)',
        'Sequence “Repair”, node “Book”: asks again for “appliance”',
        `Nothing read for “appliance” (terms): ${refusal}`,
        'Unfilled answers: 1 of 2 allowed',
      ],
      ['Skipped (the flow read the answer)'],
      ['Skipped (a sequence)'],
    ]);
    const read = { slot: 'visit date', type: 'date', value: '2026-12-04', refusal: null };
    const filled = { ...flow, step: 'ask', steps: ['filled', 'ask'], slot: 'phone', slot_type: 'phone', read, attempts: { count: 0, max: 3 } };
    expect(describeTrace([{ stage: 'classify', data: { decision: 'scenario', decided_by: 'flow', flow: filled } }])[0]!.details).toEqual([
      'Decision: a sequence (the flow read the answer; no ranking)',
      'Sequence “Repair”, node “Book”: filled a slot, asks for “phone”',
      'Read for “visit date” (date): “2026-12-04”',
    ]);
    const endings = [
      { step: 'gave_up', attempts: { count: 2, max: 2 }, said: 'gave up on “appliance”' },
      { step: 'cancelled', attempts: null, said: 'cancelled by the visitor' },
    ];
    for (const { step, attempts, said } of endings) {
      const ended = { ...flow, step, steps: [step], attempts, read: step === 'cancelled' ? null : flow.read };
      expect(describeTrace([{ stage: 'classify', data: { decision: 'scenario', decided_by: 'flow', flow: ended } }])[0]!.details[1]).toBe(`Sequence “Repair”, node “Book”: ${said}`);
    }
    expect(refusalOf([{ stage: 'classify', data: { decision: 'scenario', decided_by: 'flow', flow } }])).toBeNull();
  });
});

describe('readingOf', () => {
  it('says how a question was read, without the jargon, and nothing for one read alone as asked', () => {
    const rephrase = (data: Record<string, unknown>): TraceStep[] => [{ stage: 'rephrase', data: { input: 'and on saturday?', output: 'and on saturday?', jargon: [], context: null, ...data } }];
    expect(readingOf(rephrase({}))).toEqual([]);
    expect(readingOf(rephrase({ output: 'and on saturday? opening hours', context: { previous: 'opening hours', reason: 'too short to place alone' } }))).toEqual([
      'Read with the previous question “opening hours” — too short to place alone',
      'Understood as “and on saturday? opening hours”',
    ]);
    expect(readingOf(rephrase({ standalone: { previous: 'opening hours', reason: 'it names an item of its own' } }))).toEqual([
      'Read alone, not with the previous question “opening hours” — it names an item of its own',
    ]);
    expect(readingOf([{ stage: 'classify', data: {} }])).toEqual([]);
  });
});
