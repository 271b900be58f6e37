import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '@console/contracts';
import { fakeApi, projectSession } from '@/test/fake-api';
import { eventRecord } from '@/test/analytics-fixtures';
import { renderWithProviders } from '@/test/render';
import { QueryListPage } from './query-list-page';

const PROJECT = 'project-1';
const COMMENT = '<script>alert(1)</script> wrong shop';

const questions: EventRecord[] = [
  eventRecord({
    id: 'a1',
    utterance: 'When are you open?',
    subject: 'Opening hours',
    confidence: 0.82,
    content_id: '1b2c3d4e-0000-4000-8000-000000000001',
    data: {},
    feedback: { answer_id: 'a1', rating: 'up', comment: '', updated_at: '2025-03-01T10:01:00.000Z' },
  }),
  eventRecord({
    id: 'a2',
    utterance: 'Do you sell cars?',
    response_type: 'oos',
    refusal: 'No item is close enough',
    confidence: 0.2,
    data: {},
    feedback: { answer_id: 'a2', rating: 'down', comment: COMMENT, updated_at: '2025-03-01T10:02:00.000Z' },
  }),
  eventRecord({
    id: 'e3',
    utterance: 'Is the laptop guaranteed?',
    data_type: 'error',
    response_type: null,
    error: { status: 500, message: 'engine failed' },
    data: { error: { status: 500, message: 'engine failed' } },
  }),
];

function serve() {
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, 'editor'),
    [`GET /project/${PROJECT}/deployment`]: () => ({ records: [], total: 0 }),
    [`GET /project/${PROJECT}/query`]: () => ({ records: questions, total: questions.length }),
  });
}

const rowOf = async (utterance: string) => (await screen.findByRole('link', { name: utterance })).closest('tr')!;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('QueryListPage', () => {
  it('shows each question once with what answered, the refusal or the error, its confidence and feedback', async () => {
    serve();
    renderWithProviders(<QueryListPage />, { route: `/project/${PROJECT}/query`, path: '/project/:projectId/query' });
    const table = await screen.findByRole('table', { name: 'Query Log' });
    await rowOf('When are you open?');
    // The row menu's column comes with the session (an editor adds answers to the tests).
    await waitFor(() => expect(within(table).getAllByRole('columnheader')).toHaveLength(10));
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Details',
      'Utterance',
      'Answer',
      'Response Type',
      'Confidence',
      'Feedback',
      'Query Date',
      'Integration',
      'Input',
      'Actions',
    ]);
    expect(cells(await rowOf('When are you open?')).slice(1, 6)).toEqual(['When are you open?', 'Opening hours', 'ContentOpen content', '0.82', '']);
    expect(within(await rowOf('When are you open?')).getByRole('img', { name: 'Liked' })).toBeVisible();

    const refused = await rowOf('Do you sell cars?');
    expect(within(refused).getByText('No item is close enough')).toBeVisible();
    // The comment is the thumb's name and its hover text, as text.
    expect(within(refused).getByRole('img', { name: `Disliked: “${COMMENT}”` })).toBeVisible();
    expect(cells(await rowOf('Is the laptop guaranteed?')).slice(2, 5)).toEqual(['Error: engine failed', '—', '—']);
  });

  it('opens a row to the comment in full and the JSON', async () => {
    serve();
    const { user, container } = renderWithProviders(<QueryListPage />, { route: `/project/${PROJECT}/query`, path: '/project/:projectId/query' });
    await user.click(await screen.findByRole('button', { name: 'Details of Do you sell cars?' }));
    expect(screen.getByText(COMMENT)).toBeVisible();
    expect(screen.getByLabelText('JSON of Do you sell cars?')).toHaveTextContent('"refusal": "No item is close enough"');
    expect(container.querySelector('script')).toBeNull();
  });

  it('leaves the Real-Time Test out until switched on, and filters by confidence from 0 to 1 and by feedback', async () => {
    const calls = serve();
    const { user, location } = renderWithProviders(<QueryListPage />, { route: `/project/${PROJECT}/query`, path: '/project/:projectId/query' });
    await screen.findByRole('table', { name: 'Query Log' });
    const listCalls = () => calls.filter((call) => call.path === `/project/${PROJECT}/query`);
    expect(listCalls()[0]!.query.has('include_realtime__eq')).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Include Real-Time Test' }));
    expect(location().search).toContain('include_realtime__eq=true');
    await waitFor(() => expect(listCalls().at(-1)!.query.get('include_realtime__eq')).toBe('true'));

    const from = screen.getByRole('spinbutton', { name: 'Filter by Confidence from' });
    expect(from).toHaveAttribute('aria-valuemax', '1');
    await user.type(from, '0.5');
    await waitFor(() => expect(location().search).toContain('confidence__gte=0.5'));

    await user.click(screen.getByRole('combobox', { name: 'Filter by Feedback' }));
    await user.click(await screen.findByRole('option', { name: 'Disliked' }));
    await waitFor(() => expect(listCalls().at(-1)!.query.get('feedback__eq')).toBe('down'));
    expect(listCalls().at(-1)!.query.get('confidence__gte')).toBe('0.5');
  });
});
