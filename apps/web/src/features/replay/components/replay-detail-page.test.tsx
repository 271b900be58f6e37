import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replayGroupLabels, replayMessages, type Replay, type ReplayItem } from '@console/contracts';
import { fakeApi, projectSession } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { contentAnswer, jobRecord, PROJECT, replayItemRecord, replayRecord } from '@/test/suite-fixtures';
import { ReplayDetailPage } from './replay-detail-page';

const moved = replayItemRecord({ position: 1, question: 'How much is delivery?', asked: 7, group: 'changed', before: contentAnswer('Shipping'), after: contentAnswer('Delivery costs') });
const refused = replayItemRecord({ position: 2, question: 'Do you sell gift cards?', asked: 3, group: 'newly_refused', before: contentAnswer('Gift cards'), after: contentAnswer(null, 'oos') });
const items = [replayItemRecord(), moved, refused];

const finished = replayRecord({
  summary: {
    total: 3,
    groups: { unchanged: 1, changed: 1, newly_refused: 1, newly_answered: 0 },
    moves: [{ before: 'Shipping', after: 'Delivery costs', count: 1 }],
    notes: [replayMessages.callsSkipped],
  },
});

function serve(replay: Replay) {
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, 'editor'),
    [`GET /project/${PROJECT}/replay/replay-1`]: () => replay,
    [`GET /project/${PROJECT}/replay/replay-1/item`]: (call) => {
      const group = call.query.get('group__eq');
      const records: ReplayItem[] = group ? items.filter((item) => item.group === group) : items;
      return { records, total: records.length };
    },
    [`GET /project/${PROJECT}/replay/replay-1/item/1`]: () => ({
      ...moved,
      before_trace: [{ stage: 'classify', data: { decision: 'content', label: { subject: 'Shipping', kind: 'content' }, confidence: 0.8, threshold: 0.5 } }],
      after_trace: [{ stage: 'classify', data: { decision: 'content', label: { subject: 'Delivery costs', kind: 'content' }, confidence: 0.9, threshold: 0.5 } }],
    }),
    [`POST /project/${PROJECT}/job/job-1/cancel`]: () => ({ ...replay.job, cancel_requested: true }),
  });
}

function renderPage() {
  return renderWithProviders(<ReplayDetailPage />, { route: `/project/${PROJECT}/replay/replay-1`, path: '/project/:projectId/replay/:replayId' });
}

const questions = () => screen.getByRole('table', { name: 'Questions' });

describe('ReplayDetailPage', () => {
  it('reports the count of each group, the moves from item to item, and the notes that qualify them', async () => {
    serve(finished);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Replay of Production: version 3 → 4' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(replayMessages.callsSkipped);

    const groups = screen.getByLabelText('Groups');
    expect(within(groups).getByRole('button', { name: `${replayGroupLabels.unchanged}: 1` })).toBeVisible();
    expect(within(groups).getByRole('button', { name: `${replayGroupLabels.changed}: 1` })).toBeVisible();
    expect(within(groups).getByRole('button', { name: `${replayGroupLabels.newly_refused}: 1` })).toBeVisible();
    expect(within(groups).getByRole('button', { name: `${replayGroupLabels.newly_answered}: 0` })).toBeVisible();

    const move = within(screen.getByRole('table', { name: 'Moves' })).getAllByRole('row')[1]!;
    expect(within(move).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Shipping', 'Delivery costs', '1']);
  });

  it("a group's count shows its questions alone, the group kept in the address", async () => {
    const calls = serve(finished);
    const { user, location } = renderPage();
    expect(await within(await screen.findByRole('table', { name: 'Questions' })).findByText('How much is delivery?')).toBeVisible();

    await user.click(screen.getByRole('button', { name: `${replayGroupLabels.newly_refused}: 1` }));
    await waitFor(() => expect(within(questions()).queryByText('How much is delivery?')).not.toBeInTheDocument());
    const row = within(questions()).getByText('Do you sell gift cards?').closest('tr')!;
    expect(within(row).getByText('Content: Gift cards')).toBeVisible();
    expect(within(row).getByText('Out of Scope')).toBeVisible();
    expect(location().search).toContain('group__eq=newly_refused');
    expect(calls.filter((call) => call.path.endsWith('/item')).at(-1)?.query.get('group__eq')).toBe('newly_refused');
  });

  it('a question opens both answers side by side, each with its trace', async () => {
    serve(finished);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Details of How much is delivery?' }));
    expect(await screen.findByRole('heading', { name: 'Before: version 3' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'After: version 4' })).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Trace before of How much is delivery?' })).getByText(/best match “Shipping”/)).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Trace after of How much is delivery?' })).getByText(/best match “Delivery costs”/)).toBeVisible();
  });

  it('a running replay shows its progress with the time left and Cancel, and no report yet', async () => {
    const calls = serve(replayRecord({ finished_at: null, job: jobRecord({ kind: 'replay', status: 'running', done: 40, total: 200, finished_at: null, eta_ms: 90_000 }) }));
    const { user } = renderPage();
    const progress = await screen.findByLabelText('Job progress');
    expect(within(progress).getByText('Running: 40 / 200 (about 2 min left)')).toBeVisible();
    expect(screen.queryByLabelText('Groups')).not.toBeInTheDocument();

    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/job/job-1/cancel'))).toBe(true));
  });
});
