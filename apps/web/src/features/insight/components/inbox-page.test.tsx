import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Inbox } from '@console/contracts';
import { fakeApi, projectSession } from '@/test/fake-api';
import { inboxRecord, PROJECT, topicRecord } from '@/test/insight-fixtures';
import { advanceTimers, renderWithProviders } from '@/test/render';
import { PENDING_REFRESH_MS } from '../api/get-inbox';
import { InboxPage } from './inbox-page';

function serve(...answers: Inbox[]) {
  let call = 0;
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, 'viewer'),
    [`GET /project/${PROJECT}/deployment`]: () => ({ records: [], total: 0 }),
    [`GET /project/${PROJECT}/insight`]: () => answers[Math.min(call++, answers.length - 1)],
  });
}

function renderPage(search = '', fakeTimers = false) {
  return renderWithProviders(<InboxPage />, {
    route: `/project/${PROJECT}/insight${search}`,
    path: '/project/:projectId/insight',
    fakeTimers,
    routes: [{ path: '/project/:projectId/conv/:convId', element: <p>Conversation page</p> }],
  });
}

const inboxCalls = (calls: ReturnType<typeof serve>) => calls.filter((call) => call.path === `/project/${PROJECT}/insight`);

afterEach(() => {
  vi.useRealTimers();
});

describe('InboxPage', () => {
  it('lists the topics with their counts, trend, why they failed, what answered them and their status', async () => {
    serve(inboxRecord([topicRecord()]));
    renderPage('?from=2025-02-23&to=2025-03-01&threshold=0.6');
    const row = (await screen.findByRole('link', { name: 'When are you open on holidays?' })).closest('tr')!;
    expect(screen.getByRole('status')).toHaveTextContent('15 failed questions in 1 topic');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '',
      'When are you open on holidays?',
      '15',
      '12',
      '+25%',
      'Out of scope 10Disliked 5Closer to the out-of-scope examples than to any item',
      'Opening hours (5)',
      'Open',
    ]);
    expect(within(row).getByRole('img', { name: 'Up 25% on the previous window' })).toBeVisible();
    // The topic opens the resolver on the same window and threshold.
    expect(within(row).getByRole('link', { name: 'When are you open on holidays?' })).toHaveAttribute(
      'href',
      `/project/${PROJECT}/resolver?topic=topic-1&from=2025-02-23&to=2025-03-01&threshold=0.6`,
    );
  });

  it('says new for a topic the previous window did not have, and a fixed topic how its check stands', async () => {
    const fixed = topicRecord({
      id: 'topic-2',
      label: 'Do you sell gift cards?',
      status: 'fixed',
      previous_count: 0,
      fixes: [
        {
          id: 'fix-1',
          kind: 'new_content',
          summary: "New item 'Gift cards' with 4 utterances",
          content_id: null,
          question_count: 4,
          created_by: null,
          created_by_name: 'Ann',
          created_at: '2025-03-01T10:00:00.000Z',
          check: { status: 'done', version: 7, passed: 3, total: 4 },
        },
      ],
    });
    serve(inboxRecord([topicRecord({ previous_count: 30 }), fixed]));
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Do you sell gift cards?' })).closest('tr')!;
    expect(within(row).getByRole('img', { name: 'New: no such question in the previous window' })).toHaveTextContent('new');
    expect(within(row).getByText('Fixed')).toBeVisible();
    expect(within(row).getByText('3 of 4 now answered as intended in version 7')).toBeVisible();
    const older = screen.getByRole('link', { name: 'When are you open on holidays?' }).closest('tr')!;
    expect(within(older).getByRole('img', { name: 'Down 50% on the previous window' })).toHaveTextContent('-50%');
  });

  it("a topic's details show its sample questions, each opening its conversation", async () => {
    serve(inboxRecord([topicRecord()]));
    const { user, location } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Details of When are you open on holidays?' }));
    const samples = screen.getByRole('list', { name: 'Sample questions' });
    await user.click(within(samples).getByRole('link', { name: 'Are you open on Easter Monday?' }));
    expect(location().pathname).toBe(`/project/${PROJECT}/conv/conv-1`);
  });

  it('while questions wait to be grouped it says how many and reads the inbox again until none wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve(inboxRecord([topicRecord()], { pending: 7 }), inboxRecord([topicRecord()], { pending: 0 }));
    renderPage('', true);
    expect(await screen.findByText('7 questions are still being grouped')).toBeVisible();
    await advanceTimers(PENDING_REFRESH_MS);
    await waitFor(() => expect(screen.queryByText(/still being grouped/)).not.toBeInTheDocument());
    expect(inboxCalls(calls)).toHaveLength(2);
    await advanceTimers(PENDING_REFRESH_MS * 2);
    expect(inboxCalls(calls)).toHaveLength(2);
  });

  it('an empty window says so; a switch goes into the address and the call', async () => {
    const calls = serve(inboxRecord([]));
    const { user, location } = renderPage();
    expect(await screen.findByText('No failed questions in this window.')).toBeVisible();
    expect(screen.getByText('Answers below 50% confidence count as failed')).toBeVisible();
    expect(inboxCalls(calls)[0]!.query.get('include_realtime')).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Include Real-Time Test' }));
    expect(location().search).toContain('include_realtime=true');
    await waitFor(() => expect(inboxCalls(calls).at(-1)!.query.get('include_realtime')).toBe('true'));
  });

  it('the threshold moves by 5% at a key press, into the address, the call and the sentence under it', async () => {
    const calls = serve(inboxRecord([]));
    const { user, location } = renderPage();
    const threshold = await screen.findByRole('slider', { name: 'Confidence threshold' });
    expect(threshold).toHaveAttribute('aria-valuetext', '50%');
    threshold.focus();
    await user.keyboard('{ArrowRight}');
    expect(location().search).toBe('?threshold=0.55');
    expect(screen.getByText('Answers below 55% confidence count as failed')).toBeVisible();
    await waitFor(() => expect(inboxCalls(calls).at(-1)!.query.get('threshold')).toBe('0.55'));
  });
});
