import type { ContentSummary, Intent, Job, Replay, ReplayItem, Sequence, TestCase, TestResult, TestRun } from '@console/contracts';

/** Records as the server answers them, for the component tests of test cases, test runs and replays. */
export const PROJECT = 'project-1';
const AT = '2025-03-01T10:00:00.000Z';

/** Ids the case form's schema takes (UUIDs), named for what they are. */
export const ids = {
  hours: '1b2c3d4e-0000-4000-8000-000000000001',
  prices: '1b2c3d4e-0000-4000-8000-000000000002',
  greeting: '1b2c3d4e-0000-4000-8000-000000000003',
  order: '1b2c3d4e-0000-4000-8000-000000000004',
  askNumber: '1b2c3d4e-0000-4000-8000-000000000005',
  thanks: '1b2c3d4e-0000-4000-8000-000000000006',
};

export function contentSummary(id: string, subject: string): ContentSummary {
  return { id, project_id: PROJECT, source_id: null, subject, status: 'active', reporting_id: `R-${subject}`, num_response_words: 10, created_at: AT, updated_at: AT };
}

export const contents = [contentSummary(ids.hours, 'Opening hours'), contentSummary(ids.prices, 'Prices')];

export const intents: Intent[] = [{ id: ids.greeting, project_id: PROJECT, intent: 'greeting', utterances: ['hello'], created_at: AT, updated_at: AT }];

export const orderSequence: Sequence = {
  id: ids.order,
  project_id: PROJECT,
  name: 'Order status',
  nodes: [
    { id: ids.askNumber, name: 'Ask number', position: { x: 0, y: 0 }, attributes: [] },
    { id: ids.thanks, name: 'Thanks', position: { x: 0, y: 100 }, attributes: [] },
  ],
  transitions: [],
  created_at: AT,
  updated_at: AT,
};

export function testCaseRecord(fields: Partial<TestCase> = {}): TestCase {
  return {
    id: 'case-1',
    project_id: PROJECT,
    question: 'When do you open?',
    context: [],
    expect: { type: 'content', content_id: ids.hours },
    expect_label: 'Opening hours',
    must_contain: '',
    created_at: AT,
    updated_at: AT,
    ...fields,
  };
}

export function jobRecord(fields: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    kind: 'test_run',
    status: 'succeeded',
    done: 3,
    total: 3,
    error: null,
    cancel_requested: false,
    created_at: AT,
    started_at: AT,
    finished_at: AT,
    eta_ms: null,
    ...fields,
  };
}

export function testRunRecord(fields: Partial<TestRun> = {}): TestRun {
  return {
    id: 'run-1',
    version: 4,
    trigger: 'manual',
    job: jobRecord(),
    total: 3,
    passed: 2,
    failed: 1,
    created_at: AT,
    created_by_name: 'Ann',
    finished_at: AT,
    ...fields,
  };
}

export function testResultRecord(fields: Partial<TestResult> = {}): TestResult {
  return {
    case_id: 'case-1',
    position: 0,
    question: 'When do you open?',
    context: [],
    expect: { type: 'content', content_id: ids.hours },
    expect_label: 'Opening hours',
    passed: true,
    reason: '',
    answer: {
      response_type: 'content',
      content_id: ids.hours,
      reporting_id: 'R-Opening hours',
      subject: 'Opening hours',
      intent_id: null,
      step: null,
      text: 'We open at nine.',
      confidence: 0.91,
    },
    trace: [],
    ...fields,
  };
}

export function replayRecord(fields: Partial<Replay> = {}): Replay {
  return {
    id: 'replay-1',
    deployment_id: 'deployment-1',
    deployment_name: 'Production',
    base_version: 3,
    candidate_version: 4,
    from: '2025-02-22T10:00:00.000Z',
    to: AT,
    limit: 5000,
    job: jobRecord({ kind: 'replay' }),
    summary: null,
    created_at: AT,
    created_by_name: 'Ann',
    finished_at: AT,
    ...fields,
  };
}

/** An answer a replay compares: a content item's, or a refusal (no subject). */
export const contentAnswer = (subject: string | null, responseType: 'content' | 'oos' = 'content') => ({
  response_type: responseType,
  content_id: subject ? `content-${subject}` : null,
  reporting_id: null,
  subject,
  step: null,
  confidence: 0.8,
});

export function replayItemRecord(fields: Partial<ReplayItem> = {}): ReplayItem {
  return {
    position: 0,
    question: 'When do you open?',
    context: [],
    asked: 12,
    group: 'unchanged',
    before: contentAnswer('Opening hours'),
    after: contentAnswer('Opening hours'),
    ...fields,
  };
}
