import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { suiteMessages, type TestResult, type TestRun, type TestRunComparison } from '@console/contracts';
import { fakeApi, projectSession } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ids, intents, jobRecord, orderSequence, PROJECT, testResultRecord, testRunRecord } from '@/test/suite-fixtures';
import { TestRunPage } from './test-run-page';

const passed = testResultRecord();
const failed = testResultRecord({
  case_id: 'case-2',
  position: 1,
  question: 'And the number?',
  context: ['Where is my order?'],
  expect: { type: 'step', sequence_id: ids.order, node_id: ids.askNumber },
  expect_label: 'Order status › Ask number',
  passed: false,
  reason: suiteMessages.notAnswered("the step 'Order status › Ask number'", 'a refusal as out of scope'),
  answer: { response_type: 'oos', content_id: null, reporting_id: null, subject: null, intent_id: ids.greeting, step: { sequence_id: ids.order, node_id: ids.thanks }, text: 'Sorry, I cannot help with that.', confidence: 0.2 },
  trace: [{ stage: 'classify', data: { decision: 'oos', label: null, confidence: 0.2, threshold: 0.5, refusal: 'Nothing matched well enough' } }],
});

const earlier = testRunRecord({ id: 'run-1', version: 3, created_at: '2025-02-28T10:00:00.000Z' });
const comparison: TestRunComparison = {
  run: testRunRecord({ id: 'run-2' }),
  other: earlier,
  cases: [
    { case_id: 'case-1', question: 'When do you open?', change: 'still_passing', before: { passed: true, reason: '' }, after: { passed: true, reason: '' } },
    { case_id: 'case-2', question: 'And the number?', change: 'broken', before: { passed: true, reason: '' }, after: { passed: false, reason: failed.reason } },
    { case_id: 'case-3', question: 'Do you ship abroad?', change: 'fixed', before: { passed: false, reason: 'Expected x; got y' }, after: { passed: true, reason: '' } },
  ],
};

function serve(run: TestRun, results: TestResult[] = [passed, failed]) {
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, 'editor'),
    [`GET /project/${PROJECT}/test-run/run-2`]: () => run,
    [`GET /project/${PROJECT}/test-run/run-2/result`]: (call) => {
      const only = call.query.get('passed__eq');
      const records = only === null ? results : results.filter((result) => String(result.passed) === only);
      return { records, total: records.length };
    },
    [`GET /project/${PROJECT}/test-run/run-2/compare/run-1`]: () => comparison,
    [`GET /project/${PROJECT}/intent`]: () => ({ records: intents, total: intents.length }),
    [`GET /project/${PROJECT}/sequence`]: () => ({ records: [orderSequence], total: 1 }),
    [`POST /project/${PROJECT}/job/job-2/cancel`]: () => ({ ...run.job, cancel_requested: true }),
  });
}

function renderPage(search = '') {
  return renderWithProviders(<TestRunPage />, { route: `/project/${PROJECT}/suite/run/run-2${search}`, path: '/project/:projectId/suite/run/:runId' });
}

const results = () => screen.getByRole('table', { name: 'Results' });

describe('TestRunPage', () => {
  it('lists each case: passed or failed, the question after its earlier questions, what was expected and got, and why it failed', async () => {
    serve(testRunRecord({ id: 'run-2' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Test run of version 4' })).toBeVisible();
    expect(screen.getByText('2 passed, 1 failed of 3')).toBeVisible();

    const row = (await within(results()).findByText('And the number?')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeVisible();
    expect(within(row).getByText('after “Where is my order?”')).toBeVisible();
    expect(within(row).getByText('Order status › Ask number')).toBeVisible();
    expect(within(row).getByText('Out of Scope')).toBeVisible();
    expect(await within(row).findByText('Intent: greeting')).toBeVisible();
    expect(within(row).getByText('Step: Order status › Thanks')).toBeVisible();
    expect(within(row).getByText(failed.reason)).toBeVisible();
    const first = within(results()).getByText('When do you open?').closest('tr')!;
    expect(within(first).getByText('Passed')).toBeVisible();
    expect(within(first).getByText('Content: Opening hours')).toBeVisible();
  });

  it('shows the failures alone in one choice, kept in the address', async () => {
    const calls = serve(testRunRecord({ id: 'run-2' }));
    const { user, location } = renderPage();
    await within(await screen.findByRole('table', { name: 'Results' })).findByText('When do you open?');

    await user.click(screen.getByLabelText('Filter by Result', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(results()).queryByText('When do you open?')).not.toBeInTheDocument());
    expect(within(results()).getByText('And the number?')).toBeVisible();
    expect(location().search).toContain('passed__eq=false');
    expect(calls.filter((call) => call.path.endsWith('/result')).at(-1)?.query.get('passed__eq')).toBe('false');
  });

  it('a row opens to the answer and its trace, the refusal first', async () => {
    serve(testRunRecord({ id: 'run-2' }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Details of And the number?' }));
    expect(screen.getByLabelText('Answer to And the number?')).toHaveTextContent('Sorry, I cannot help with that.');
    expect(screen.getByText('Nothing matched well enough')).toBeVisible();
    expect(screen.getByRole('table', { name: 'Trace of And the number?' })).toBeVisible();
  });

  it('against another run: how many cases broke, were fixed or still fail, and those that changed before the ones still passing', async () => {
    serve(testRunRecord({ id: 'run-2' }));
    const { user } = renderPage('?against=run-1');
    expect(await screen.findByRole('heading', { name: /^Compared with the run of version 3/ })).toBeVisible();
    const changes = screen.getByLabelText('Changes');
    expect(within(changes).getByText('Broken: 1')).toBeVisible();
    expect(within(changes).getByText('Fixed: 1')).toBeVisible();
    expect(within(changes).getByText('Still passing: 1')).toBeVisible();

    const table = screen.getByRole('table', { name: 'Comparison' });
    const questions = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(questions).toEqual(['And the number?', 'Do you ship abroad?']);

    await user.click(screen.getByRole('radio', { name: 'Still passing' }));
    expect(within(table).getByText('When do you open?')).toBeVisible();
    expect(within(table).queryByText('And the number?')).not.toBeInTheDocument();
  });

  it('a running run shows its live progress, and Cancel asks the server to stop its job', async () => {
    const running = testRunRecord({ id: 'run-2', finished_at: null, job: jobRecord({ id: 'job-2', status: 'running', done: 1, total: 3, finished_at: null, eta_ms: 4000 }) });
    const calls = serve(running, [passed]);
    const { user } = renderPage();
    const progress = await screen.findByLabelText('Job progress');
    expect(within(progress).getByText('Running: 1 / 3 (about 4 s left)')).toBeVisible();

    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === `/project/${PROJECT}/job/job-2/cancel`)).toBe(true));
  });
});
