import { describe, expect, it } from 'vitest';
import { INSIGHT_FIX_MAX_QUESTIONS, type Fix } from '@console/contracts';
import { appliesToWords, checkWords, failureCounts, latestCheckedFix, trendOf } from './insight-words';

const fix = (id: string, created_at: string, check: Fix['check']): Fix => ({
  id,
  kind: 'add_utterances',
  summary: '',
  content_id: null,
  question_count: 1,
  created_by: null,
  created_by_name: null,
  created_at,
  check,
});

describe('insight words', () => {
  it.each([
    [12, 0, 'new', 'new'],
    [15, 12, 'up', '+25%'],
    [9, 10, 'down', '-10%'],
    [10, 10, 'flat', '0%'],
    [0, 4, 'down', '-100%'],
  ] as const)('%i questions after %i: %s %s', (now, before, direction, text) => {
    expect(trendOf({ question_count: now, previous_count: before })).toMatchObject({ direction, text });
  });

  it('lists the failure kinds with questions, in the contracts order', () => {
    expect(failureCounts({ disliked: 2, oos: 10, error: 0 })).toEqual([
      { failure: 'oos', label: 'Out of scope', count: 10 },
      { failure: 'disliked', label: 'Disliked', count: 2 },
    ]);
  });

  it("says where a fix's check stands", () => {
    expect(checkWords({ status: 'waiting_for_sync', version: null, passed: 0, total: 0 })).toBe('Waiting for the next sync');
    expect(checkWords({ status: 'checking', version: 7, passed: 0, total: 4 })).toBe('Checking…');
    expect(checkWords({ status: 'done', version: 7, passed: 3, total: 4 })).toBe('3 of 4 now answered as intended in version 7');
  });

  it("takes the newest fix with a check for the topic's line", () => {
    const waiting = fix('b', '2025-03-02T10:00:00.000Z', { status: 'waiting_for_sync', version: null, passed: 0, total: 0 });
    const done = fix('a', '2025-03-01T10:00:00.000Z', { status: 'done', version: 3, passed: 1, total: 1 });
    const dismissed = fix('c', '2025-03-03T10:00:00.000Z', null);
    expect(latestCheckedFix([done, waiting, dismissed])?.id).toBe('b');
    expect(latestCheckedFix([dismissed])).toBeNull();
  });

  it('says which questions a fix applies to', () => {
    expect(appliesToWords(12, 48)).toBe('Applies to 12 selected questions');
    expect(appliesToWords(1, 48)).toBe('Applies to 1 selected question');
    expect(appliesToWords(0, 48)).toBe('Applies to all 48 questions');
    expect(appliesToWords(0, 350)).toBe(`Applies to ${INSIGHT_FIX_MAX_QUESTIONS} of the 350 questions (at most ${INSIGHT_FIX_MAX_QUESTIONS} go into one fix)`);
  });
});
