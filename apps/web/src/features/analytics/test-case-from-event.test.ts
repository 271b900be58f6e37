import { describe, expect, it } from 'vitest';
import { eventRecord } from '@/test/analytics-fixtures';
import { earlierQuestionsOf, testCaseFromEvent } from './test-case-from-event';

const CONTENT = '0c1d2e3f-0000-4000-8000-000000000001';
const SEQUENCE = '0c1d2e3f-0000-4000-8000-000000000002';
const NODE = '0c1d2e3f-0000-4000-8000-000000000003';

const request = (turn: number, utterance: string) => eventRecord({ data_type: 'request', response_type: null, utterance, data: { turn, request: { utterance } } });
const requests = [request(1, 'Hi'), request(2, 'What are your opening hours?'), request(3, 'and on saturday?'), request(4, 'thanks')];

describe('a test case from an answer (Add to tests)', () => {
  it('expects the content item that answered, with no earlier questions for a question read alone', () => {
    const answer = eventRecord({ utterance: 'What are your opening hours?', content_id: CONTENT, data: { turn: 2, rephrased: 'what are your opening hours', trace: [] } });
    expect(testCaseFromEvent(answer, earlierQuestionsOf(answer, requests))).toMatchObject({
      question: 'What are your opening hours?',
      context: [],
      expect: { type: 'content', content_id: CONTENT },
    });
  });

  it("asks a follow-up after the conversation's earlier questions, up to its own turn", () => {
    const answer = eventRecord({ utterance: 'and on saturday?', content_id: CONTENT, data: { turn: 3, thread: 'what are your opening hours', trace: [] } });
    expect(testCaseFromEvent(answer, earlierQuestionsOf(answer, requests)).context).toEqual(['Hi', 'What are your opening hours?']);
  });

  it("expects the flow's step an answer the flow read left the conversation at, after the questions before it", () => {
    const answer = eventRecord({
      utterance: 'AB-123456',
      response_type: 'scenario',
      data: { turn: 2, flow: { sequence_id: SEQUENCE, node_id: NODE, scenario_id: null, slots: {} }, trace: [{ stage: 'classify', data: { decision: 'scenario', decided_by: 'flow' } }] },
    });
    expect(testCaseFromEvent(answer, earlierQuestionsOf(answer, requests))).toMatchObject({
      context: ['Hi'],
      expect: { type: 'step', sequence_id: SEQUENCE, node_id: NODE },
    });
  });

  it('expects a refusal as out of scope; a flow answer without its stored step leaves the step to choose', () => {
    expect(testCaseFromEvent(eventRecord({ utterance: 'Tell me a joke', response_type: 'oos', data: { turn: 1 } }), []).expect.type).toBe('out_of_scope');
    expect(testCaseFromEvent(eventRecord({ utterance: 'bye', response_type: 'scenario', data: { turn: 1 } }), []).expect).toMatchObject({ type: 'step', sequence_id: '', node_id: '' });
  });
});
