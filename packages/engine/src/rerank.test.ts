import { describe, expect, it } from 'vitest';
import type { Classification } from './classify';
import { compile } from './compile';
import { rerankStage } from './rerank';
import { shop, testProject } from './test-project';

const index = compile(testProject(shop));
const label = (id: string) => index.labels.findIndex((candidate) => candidate.id === id);
const item = (id: string) => index.contents.findIndex((content) => content.id === id);

/** The classifier's reading: each item's probability by id, its best and how sure it is. */
function classified(probabilities: Record<string, number>, more: Partial<Classification> = {}): Classification {
  const scores = new Float64Array(index.labels.length);
  for (const [id, probability] of Object.entries(probabilities)) scores[label(id)] = probability;
  const best = scores.indexOf(Math.max(...scores));
  return { probabilities: scores, best, confidence: scores[best]!, known: true, familiarity: 1, stems: [], semantic: null, lexical: null, intentSemantic: null, ...more };
}

describe('the rerank stage', () => {
  it('chooses by the classifier’s probability plus 0.3 of each lexical score’s share of the best one', () => {
    const classification = classified({ delivery: 0.5, returns: 0.6, hours: 0.1 });
    const lexical = [
      { document: item('delivery'), score: 10 },
      { document: item('returns'), score: 5 },
    ];
    const { chosen, confidence, reranked } = rerankStage(index, classification, [label('returns')], lexical);
    // delivery: 0.5 + 0.3 x 1 = 0.8; returns: 0.6 + 0.3 x 0.5 = 0.75.
    expect(chosen.id).toBe('delivery');
    expect(reranked.map((entry) => entry.score)).toEqual([0.8, 0.75]);
    // Its confidence is the classifier's probability of the item chosen, not the reranking score.
    expect(confidence).toBe(0.5);
  });

  it('adds the classifier’s leading items the ranker missed, and keeps the classify stage’s confidence when it keeps its choice', () => {
    const classification = classified({ delivery: 0.2, returns: 0.1, hours: 0.7 }, { confidence: 0.65 });
    const { chosen, confidence, reranked } = rerankStage(index, classification, [label('hours'), label('delivery')], [{ document: item('delivery'), score: 3 }]);
    expect(reranked.map((entry) => index.labels[entry.labelIndex]!.id)).toEqual(['hours', 'delivery']);
    expect(reranked[0]).toMatchObject({ probability: 0.7, lexical: 0, score: 0.7 });
    expect(chosen.id).toBe('hours');
    expect(confidence).toBe(0.65);
  });

  it('zero-shot, goes by closeness alone, which holds the lexical score already', () => {
    const classification = classified({ delivery: 0.5, returns: 0.55 }, { lexical: new Float64Array(index.contents.length) });
    const lexical = [
      { document: item('delivery'), score: 0.5 },
      { document: item('returns'), score: 0.55 },
    ];
    expect(rerankStage(index, classification, [], lexical).chosen.id).toBe('returns');
  });

  it('breaks a tie by the label’s order', () => {
    const classification = classified({ delivery: 0.4, returns: 0.4 });
    const { reranked } = rerankStage(index, classification, [label('returns'), label('delivery')], []);
    expect(reranked.map((entry) => entry.labelIndex)).toEqual([label('delivery'), label('returns')]);
  });

  it('traces the item chosen, its confidence and the first three candidates’ figures, rounded', () => {
    const semantic = new Float64Array(index.contents.length);
    semantic[item('returns')] = 0.123456;
    const classification = classified({ delivery: 0.1, returns: 0.61234, hours: 0.2 }, { semantic });
    const { step } = rerankStage(index, classification, [label('returns'), label('hours'), label('delivery')], [{ document: item('returns'), score: 2 }]);
    expect(step).toEqual({
      stage: 'rerank',
      data: {
        chosen: { content_id: 'returns', subject: 'Returns and refunds' },
        confidence: 0.6123,
        candidates: [
          { content_id: 'returns', subject: 'Returns and refunds', probability: 0.6123, lexical: 1, semantic: 0.1235, score: 0.9123 },
          { content_id: 'hours', subject: 'Opening hours', probability: 0.2, lexical: 0, semantic: 0, score: 0.2 },
          { content_id: 'delivery', subject: 'Delivery times', probability: 0.1, lexical: 0, semantic: 0, score: 0.1 },
        ],
      },
    });
  });
});
