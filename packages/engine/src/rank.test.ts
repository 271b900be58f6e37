import { describe, expect, it } from 'vitest';
import { buildLexicalIndex, CANDIDATES, rankStage } from './rank';
import { contentStems } from './text';

const documents = [
  { subject: 'Delivery times', utterances: ['how long does delivery take'], responseText: 'We deliver within two days.' },
  { subject: 'Returns', utterances: ['can I send it back'], responseText: 'Return an item within 30 days for a refund.' },
  { subject: 'Delivery to Europe', utterances: ['do you deliver to france'], responseText: 'Parcels to Europe arrive within five days.' },
];
/** The three items, and an intent's label (3) that is no item. */
const index = {
  lexical: buildLexicalIndex(documents),
  contents: documents.map((document, i) => ({ id: `item-${i}`, subject: document.subject })),
  contentOfLabel: Int32Array.from([0, 1, 2, -1]),
};

const reading = (question: string, more: { probabilities?: number[]; lexical?: number[]; semantic?: number[] } = {}) => ({
  stems: contentStems(question),
  probabilities: more.probabilities ? Float64Array.from(more.probabilities) : null,
  lexical: more.lexical ? Float64Array.from(more.lexical) : null,
  semantic: more.semantic ? Float64Array.from(more.semantic) : null,
});

describe('the rank stage', () => {
  it('puts forward the items sharing the question’s meaningful words, by BM25, best first', () => {
    const { candidates, step } = rankStage(index, reading('delivery to europe'), [], false);
    expect(candidates.map(({ document }) => document)).toEqual([2, 0]);
    expect(candidates[0]!.score).toBeGreaterThan(candidates[1]!.score);
    const traced = (step.data as { candidates: { content_id: string; score: number; lexical: number; semantic: number | null }[] }).candidates;
    expect(traced.map((candidate) => candidate.content_id)).toEqual(['item-2', 'item-0']);
    // Without a sentence vector there is no closeness to show; the lexical score is the score.
    expect(traced[0]).toMatchObject({ subject: 'Delivery to Europe', score: traced[0]!.lexical, semantic: null });
  });

  it('keeps up to CANDIDATES and traces three of them, with each one’s closeness in meaning', () => {
    const { candidates, step } = rankStage(index, reading('delivery returns europe days', { semantic: [0.123456, 0.5, 0.9] }), [], false);
    expect(candidates.length).toBeLessThanOrEqual(CANDIDATES);
    const traced = (step.data as { candidates: { content_id: string; semantic: number }[] }).candidates;
    expect(traced).toHaveLength(3);
    expect(traced.find((candidate) => candidate.content_id === 'item-0')!.semantic).toBe(0.1235);
  });

  it('zero-shot, ranks the classify stage’s leading labels that are items by their closeness, and traces their BM25 part', () => {
    const zeroShot = reading('delivery', { probabilities: [0.4, 0.1, 0.7, 0.9], lexical: [1.5, 0, 1.25] });
    const { candidates, step } = rankStage(index, zeroShot, [3, 2, 0, 1], false);
    expect(candidates).toEqual([
      { document: 2, score: 0.7 },
      { document: 0, score: 0.4 },
      { document: 1, score: 0.1 },
    ]);
    expect((step.data as { candidates: { lexical: number }[] }).candidates.map((candidate) => candidate.lexical)).toEqual([1.25, 1.5, 0]);
  });

  it('traces no figures for a slot answer the flow decided, though it still ranks', () => {
    const { candidates, step } = rankStage(index, reading('delivery'), [], true);
    expect(candidates.length).toBeGreaterThan(0);
    expect(step).toEqual({ stage: 'rank', data: { skipped: 'flow' } });
  });
});
