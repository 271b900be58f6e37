import { describe, expect, it } from 'vitest';
import { classifyStage, classifyStep, classifyText } from './classify';
import { compile } from './compile';
import { CANDIDATES } from './rank';
import { shop, testProject } from './test-project';

const index = compile(
  testProject(shop, { intents: [{ id: 'book', intent: 'Book a table', utterances: ['book a table', 'reserve a table', 'table for dinner', 'can I book a table', 'a table for two'] }] }),
);
const classify = (question: string) => {
  const classification = classifyText(index, question);
  return { classification, verdict: classifyStage(index, classification) };
};
const asContent = { decision: 'content' as const, readByFlow: false, trace: null };

describe('the classify stage', () => {
  it('understands a question like an item’s utterances as that item, its label leading', () => {
    const { verdict } = classify('when will my parcel arrive');
    expect(verdict).toMatchObject({ understoodAs: 'content', inScope: true, label: { kind: 'content', id: 'delivery' } });
    expect(index.labels[verdict.leading[0]!]!.id).toBe('delivery');
    expect(verdict.leading.length).toBeLessThanOrEqual(CANDIDATES);
  });

  it('understands an entry intent’s question as a scenario', () => {
    expect(classify('can I reserve a table for dinner').verdict).toMatchObject({ understoodAs: 'scenario', inScope: true, label: { kind: 'intent', id: 'book' } });
  });

  it('refuses a question none of whose words the project knows, and says why in words', () => {
    const { classification, verdict } = classify('quantum zebra xylophone');
    expect(verdict).toMatchObject({ understoodAs: 'oos', inScope: false });
    expect(classification.known).toBe(false);
    const { data } = classifyStep(index, classification, verdict, { decision: 'oos', readByFlow: false, trace: null });
    expect(data).toMatchObject({ decision: 'oos', known_words: false, confidence: 0 });
    expect(data.refusal).toMatch(/is needed\.$/);
  });

  it('traces the decision, the label, its confidence against the threshold and the three likeliest labels', () => {
    const { classification, verdict } = classify('what are your opening hours');
    const { stage, data } = classifyStep(index, classification, verdict, asContent);
    expect(stage).toBe('classify');
    expect(data).toMatchObject({
      decision: 'content',
      label: { kind: 'content', id: 'hours', subject: 'Opening hours' },
      familiarity: 1,
      known_words: true,
      understanding: 'lexical',
      semantic: null,
      refusal: null,
      flow: null,
    });
    expect(data.confidence).toBeGreaterThanOrEqual(data.threshold as number);
    const top = data.top as { id: string; probability: number }[];
    expect(top.map((label) => label.id)).toEqual(verdict.leading.slice(0, 3).map((position) => index.labels[position]!.id));
    expect(top[0]!.probability).toBeGreaterThan(top[1]!.probability);
  });

  it('refuses an intent no flow goes on with, naming it', () => {
    const { classification, verdict } = classify('reserve a table');
    const { data } = classifyStep(index, classification, verdict, { decision: 'oos', readByFlow: false, trace: null });
    expect(data.refusal).toBe("'Book a table' starts no sequence here.");
  });

  it('shows only the flow for a slot answer the flow decided: no ranking figures', () => {
    const { classification, verdict } = classify('London');
    const flow = { sequence: { id: 'booking', name: 'Booking' }, step: 'filled' };
    expect(classifyStep(index, classification, verdict, { decision: 'scenario', readByFlow: true, trace: flow })).toEqual({
      stage: 'classify',
      data: { decision: 'scenario', decided_by: 'flow', understanding: 'lexical', flow },
    });
  });
});
