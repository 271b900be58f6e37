import type { Fix, Inbox, InsightQuestion, Topic, TopicDetail } from '@console/contracts';

/** Records as the inbox and resolver API answer them, for the insight screens' component tests. */
export const PROJECT = 'project-1';
export const TOPIC = 'topic-1';
const AT = '2025-03-01T10:00:00.000Z';
/** Content ids and answer ids are UUIDs: a fix's body is checked with the contracts before it is sent. */
export const OPENING_HOURS = '00000000-0000-4000-8000-00000000c001';
export const HOLIDAYS = '00000000-0000-4000-8000-00000000c002';
export const answerId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function questionRecord(n: number, fields: Partial<InsightQuestion> = {}): InsightQuestion {
  return {
    answer_id: answerId(n),
    conv_id: `conv-${n}`,
    utterance: `Question ${n}`,
    asked_at: AT,
    deployment_id: 'deployment-1',
    failures: ['oos'],
    confidence: 0.2,
    refusal: 'Closer to the out-of-scope examples than to any item',
    content_id: null,
    subject: null,
    ...fields,
  };
}

export function fixRecord(fields: Partial<Fix> = {}): Fix {
  return {
    id: 'fix-1',
    kind: 'add_utterances',
    summary: "3 utterances added to 'Opening hours'",
    content_id: OPENING_HOURS,
    question_count: 3,
    created_by: 'user-1',
    created_by_name: 'Ann',
    created_at: AT,
    check: { status: 'waiting_for_sync', version: null, passed: 0, total: 0 },
    ...fields,
  };
}

export function topicRecord(fields: Partial<Topic> = {}): Topic {
  return {
    id: TOPIC,
    label: 'When are you open on holidays?',
    status: 'open',
    question_count: 15,
    conversation_count: 12,
    previous_count: 12,
    impact: 180,
    failures: { oos: 10, low_confidence: 0, disliked: 5, error: 0 },
    samples: [questionRecord(1, { utterance: 'Are you open on Easter Monday?' })],
    reasons: [{ reason: 'Closer to the out-of-scope examples than to any item', count: 10 }],
    items: [{ content_id: OPENING_HOURS, subject: 'Opening hours', count: 5, score: 0.42 }],
    fixes: [],
    ...fields,
  };
}

export function inboxRecord(records: Topic[], fields: Partial<Inbox> = {}): Inbox {
  return {
    records,
    total: records.length,
    from: '2025-02-22T00:00:00.000Z',
    to: '2025-03-01T23:59:59.999Z',
    threshold: 0.5,
    question_count: records.reduce((sum, topic) => sum + topic.question_count, 0),
    pending: 0,
    ...fields,
  };
}

export function topicDetailRecord(fields: Partial<TopicDetail> = {}): TopicDetail {
  const questions = [1, 2, 3].map((n) => questionRecord(n));
  return {
    topic: topicRecord(),
    questions,
    total: 48,
    suggested_items: [
      { content_id: OPENING_HOURS, subject: 'Opening hours', score: 0.82 },
      { content_id: HOLIDAYS, subject: 'Holidays', score: 0.61 },
    ],
    shared_words: [{ word: 'bank holiday', count: 9 }],
    ...fields,
  };
}
