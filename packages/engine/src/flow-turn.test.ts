import { describe, expect, it } from 'vitest';
import { kbPlainText, type SnapshotSequence } from '@console/contracts';
import type { Verdict } from './classify';
import { compileFlows } from './flow-compile';
import { flowStage, type FlowStageQuestion } from './flow-turn';
import { testProject } from './test-project';
import type { FlowState } from './types';

/** One sequence: 'book' enters a node that asks for a city, then calls the booking endpoint. */
const booking: SnapshotSequence = {
  id: 'booking',
  name: 'Booking',
  nodes: [
    {
      id: 'collect',
      name: 'Collect',
      position: { x: 0, y: 0 },
      attributes: [
        { type: 'entry_intents', intents: ['book'] },
        { type: 'collect_slots', slots: [{ slot_id: 'city', prompt: 'Which city?', reprompt: '', max_attempts: null }] },
        { type: 'business_logic', url: 'https://api.example.test/book', configuration: {} },
      ],
    },
  ],
  transitions: [],
};
const flows = compileFlows(
  testProject({}, { slots: [{ id: 'city', name: 'city', terms: ['Paris', 'London'] }], sequences: [booking], scenarios: [] }),
)!;

const awaitingCity: FlowState = { sequence_id: 'booking', node_id: 'collect', scenario_id: null, slots: {}, awaiting: { kind: 'slot', slot_id: 'city' } };

const question = (utterance: string, more: Partial<FlowStageQuestion> = {}): FlowStageQuestion => ({
  utterance,
  jargoned: null,
  convId: 'conv-1',
  now: undefined,
  meaningfulWords: utterance.split(' ').length,
  inContext: false,
  ...more,
});
const intent = (id: string): Verdict => ({ label: { kind: 'intent', id, subject: id }, leading: [], inScope: true, understoodAs: 'scenario' });
const content: Verdict = { label: { kind: 'content', id: 'hours', subject: 'Opening hours' }, leading: [], inScope: true, understoodAs: 'content' };
const refused: Verdict = { label: null, leading: [], inScope: false, understoodAs: 'oos' };

describe('the flow stage', () => {
  it('leaves the classify stage’s verdict as it is for a project without sequences', () => {
    expect(flowStage(null, null, question('book a table'), intent('book'))).toEqual({ decision: 'scenario', readByFlow: false, settled: null, trace: null });
    expect(flowStage(null, null, question('what time do you open'), content).decision).toBe('content');
  });

  it('starts the sequence an entry intent names: its first slot’s prompt is the answer, decided by the intent', () => {
    const outcome = flowStage(flows, null, question('book a table'), intent('book'));
    expect(outcome).toMatchObject({ decision: 'scenario', readByFlow: false, trace: { sequence: { id: 'booking', name: 'Booking' }, step: 'ask', slot: 'city' } });
    expect(kbPlainText({ children: outcome.settled!.run.blocks })).toBe('Which city?');
    expect(outcome.settled!.run.flow.awaiting).toEqual({ kind: 'slot', slot_id: 'city', attempts: 0 });
  });

  it('refuses an intent that starts no sequence', () => {
    expect(flowStage(flows, null, question('cancel my booking'), intent('cancel'))).toMatchObject({ decision: 'oos', settled: null, trace: null });
  });

  it('reads the awaited slot from the answer and calls the node’s endpoint: the flow decided, not the ranking', () => {
    const outcome = flowStage(flows, awaitingCity, question('London'), refused);
    expect(outcome).toMatchObject({ decision: 'scenario', readByFlow: true, trace: { step: 'call', slots: { city: 'London' } } });
    expect(outcome.settled!.callout).toMatchObject({ url: 'https://api.example.test/book', body: { conv_id: 'conv-1', slots: { city: 'London' } } });
  });

  it('reads a slot from the question’s jargon', () => {
    const outcome = flowStage(flows, awaitingCity, question('the big smoke', { jargoned: 'london' }), refused);
    expect(outcome.settled!.callout!.body.slots).toEqual({ city: 'London' });
  });

  it('lets a clear question of the project’s own leave a flow awaiting a slot, and says which flow it left', () => {
    const outcome = flowStage(flows, awaitingCity, question('what are your opening hours', { meaningfulWords: 2 }), content);
    expect(outcome).toMatchObject({ decision: 'content', readByFlow: false, settled: null, trace: { sequence: { id: 'booking' }, step: 'left' } });
  });

  it('asks again for a word or two it resembles, or for a question read with the previous one', () => {
    expect(flowStage(flows, awaitingCity, question('a toaster', { meaningfulWords: 1 }), content)).toMatchObject({ decision: 'scenario', trace: { step: 'reprompt' } });
    const inContext = question('what are your opening hours', { meaningfulWords: 2, inContext: true });
    expect(flowStage(flows, awaitingCity, inContext, content)).toMatchObject({ decision: 'scenario', trace: { step: 'reprompt' } });
  });
});
