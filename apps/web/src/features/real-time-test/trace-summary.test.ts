import { describe, expect, it } from 'vitest';
import type { TraceStep } from '@console/contracts';
import { describeTrace } from './trace-summary';

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

  it('shows data of an unknown shape as JSON instead of failing', () => {
    expect(describeTrace([{ stage: 'rank', data: { hits: 2 } }])).toEqual([{ stage: 'rank', title: 'Rank', details: ['{"hits":2}'] }]);
  });
});
