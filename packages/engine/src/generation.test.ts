import { describe, expect, it } from 'vitest';
import { kbFromPlainText } from '@console/contracts';
import { genhybridStage, type GenerationConfig } from './generation';

const config: GenerationConfig = { url: 'https://model.test/v1/chat/completions', model: 'small', apiKeyEnv: null, timeoutMs: 8000, maxItems: 2 };

/** Three items; labels 0-2 are theirs in reverse order (label 0 is item c). */
function ranked(generation: GenerationConfig | null, generationProblem: string | null = null) {
  return {
    settings: { generation, generationProblem },
    contents: ['a', 'b', 'c'].map((id) => ({ id, reporting_id: `r-${id}`, subject: `Subject ${id}`, response: kbFromPlainText(`About ${id}.`) })),
    contentOfLabel: Int32Array.from([2, 1, 0]),
  };
}

/** The rerank stage's order: labels 1, 0, 2 (items b, c, a). */
const reranked = [{ labelIndex: 1 }, { labelIndex: 0 }, { labelIndex: 2 }];

describe('the genhybrid stage', () => {
  it('is off when the project names no endpoint', () => {
    expect(genhybridStage(ranked(null), 'question', reranked, true)).toEqual({ request: null, step: { stage: 'genhybrid', data: { used: false, reason: 'off' } } });
  });

  it('says why it is off when the project’s settings cannot be used', () => {
    const { step } = genhybridStage(ranked(null, 'genhybrid.model must name a model'), 'question', reranked, true);
    expect(step.data).toEqual({ used: false, reason: 'off: genhybrid.model must name a model' });
  });

  it('is off when the caller does not want it', () => {
    expect(genhybridStage(ranked(config), 'question', reranked, false).request).toBeNull();
  });

  it('asks the model about the question with the best reranked items as sources, best first, up to the configured count', () => {
    const { request, step } = genhybridStage(ranked(config), 'where is my parcel', reranked, true);
    expect(request).toMatchObject({ url: config.url, model: 'small', timeoutMs: 8000 });
    expect(request!.citations).toEqual([
      { content_id: 'b', reporting_id: 'r-b', subject: 'Subject b' },
      { content_id: 'c', reporting_id: 'r-c', subject: 'Subject c' },
    ]);
    expect(request!.messages.at(-1)!.content).toBe('Question: where is my parcel\n\nSources:\n[1] Subject b\nAbout b.\n\n[2] Subject c\nAbout c.');
    expect(step).toEqual({ stage: 'genhybrid', data: { used: false, pending: true, model: 'small', items: ['b', 'c'] } });
  });
});
