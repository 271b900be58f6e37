import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary, EventRecord, Role } from '@console/contracts';
import { fakeApi, projectSession } from '@/test/fake-api';
import { eventRecord } from '@/test/analytics-fixtures';
import { renderWithProviders } from '@/test/render';
import { ConversationDetailPage } from './conversation-detail-page';

const PROJECT = 'project-1';
const CONV = 'conv-1';
const HOURS_ITEM = '1b2c3d4e-0000-4000-8000-000000000001';
/** A visitor's comment that looks like markup: it must show as these very characters. */
const COMMENT = '<img src=x onerror="alert(1)"> <b>not helpful</b>';

const text = (value: string, marks?: ('bold' | 'italic')[]) => ({ type: 'hierarchy_text' as const, value, ...(marks && { marks }) });
const answered = (response: unknown, trace: unknown[] = []) => ({ response, trace });

const hoursAnswer = {
  response_type: 'content',
  content_id: HOURS_ITEM,
  confidence: 0.82,
  response: {
    children: [
      {
        type: 'hierarchy_paragraph',
        children: [
          text('We are open '),
          text('Monday to Friday', ['bold']),
          text(', see '),
          { type: 'hierarchy_link', value: 'our hours', url: 'https://shop.example/hours', target: 'new_tab' },
        ],
      },
      { type: 'hierarchy_actions', actions: [{ type: 'query', label: 'Holidays', utterance: 'Are you open on holidays?' }] },
    ],
  },
  actions: [{ type: 'query', label: 'Weekend hours', utterance: 'Are you open at the weekend?' }],
};

const events: EventRecord[] = [
  eventRecord({
    id: 'answer-1',
    utterance: 'When are you open?',
    issued_at: '2025-03-01T10:00:00.400Z',
    content_id: HOURS_ITEM,
    subject: 'Opening hours',
    confidence: 0.82,
    response: hoursAnswer,
    data: answered(hoursAnswer, [{ stage: 'rephrase', data: { input: 'When are you open?', output: 'When are you open?', jargon: [], context: null } }]),
    feedback: { answer_id: 'answer-1', rating: 'up', comment: '', updated_at: '2025-03-01T10:01:00.000Z' },
  }),
  eventRecord({
    id: 'answer-2',
    utterance: 'and the weather?',
    issued_at: '2025-03-01T10:02:00.400Z',
    response_type: 'oos',
    refusal: "The closest item, 'Opening hours', is 0.21 alike; 0.45 is needed",
    confidence: 0.21,
    response: { response_type: 'oos', response: { children: [{ type: 'hierarchy_paragraph', children: [text('Sorry, I cannot help with that.')] }] }, actions: [] },
    data: answered(
      { response_type: 'oos', response: { children: [] }, actions: [] },
      [
        {
          stage: 'rephrase',
          data: { input: 'and the weather?', output: 'and the weather? when are you open', jargon: [], context: { previous: 'When are you open?', reason: 'too short to place alone' } },
        },
        { stage: 'classify', data: { decision: 'oos', label: null, confidence: 0.21, threshold: 0.45, refusal: "The closest item, 'Opening hours', is 0.21 alike; 0.45 is needed" } },
      ],
    ),
    feedback: { answer_id: 'answer-2', rating: 'down', comment: COMMENT, updated_at: '2025-03-01T10:03:00.000Z' },
  }),
  eventRecord({
    id: 'answer-3',
    utterance: 'Book a table for two',
    issued_at: '2025-03-01T10:04:00.400Z',
    response_type: 'scenario',
    subject: 'Table booking',
    confidence: 1,
    response: {
      response_type: 'scenario',
      response: { children: [{ type: 'hierarchy_paragraph', children: [text('Which day would you like?')] }] },
      actions: [
        { type: 'query', label: 'Today', utterance: 'today' },
        { type: 'query', label: 'Tomorrow', utterance: 'tomorrow' },
      ],
    },
    data: {},
  }),
  eventRecord({
    id: 'error-4',
    utterance: 'Confirm it',
    issued_at: '2025-03-01T10:05:00.400Z',
    data_type: 'error',
    response_type: null,
    error: { status: 502, message: 'The booking service did not answer' },
    data: { error: { status: 502, message: 'The booking service did not answer' } },
  }),
];
const requests = events.map((event) =>
  eventRecord({ id: `request-${event.id}`, utterance: event.utterance, data_type: 'request', response_type: null, issued_at: event.issued_at.replace('.400Z', '.000Z'), data: {} }),
);

const summary: ConversationSummary = {
  conv_id: CONV,
  issued_at: '2025-03-01T10:00:00.000Z',
  last_issued_at: '2025-03-01T10:05:00.400Z',
  integration_type: 'deployment',
  deployment_id: 'deployment-1',
  deployment_name: 'Production',
  event_count: 8,
  request_count: 4,
  response_count: 3,
  error_count: 1,
  oos_count: 1,
  liked_count: 1,
  disliked_count: 1,
};

function serve(role: Role = 'editor') {
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, role),
    [`GET /project/${PROJECT}/conv/${CONV}/summary`]: () => summary,
    [`GET /project/${PROJECT}/conv/${CONV}`]: (call) => {
      // The transcript asks for the outcomes alone; the event table for every event.
      const records = call.query.get('data_type__neq') === 'request' ? events : [...requests, ...events].sort((a, b) => a.issued_at.localeCompare(b.issued_at));
      return { records, total: records.length };
    },
  });
}

function renderPage(route = `/project/${PROJECT}/conv/${CONV}`) {
  return renderWithProviders(<ConversationDetailPage />, { route, path: '/project/:projectId/conv/:convId' });
}

const turns = async () => within(await screen.findByRole('region', { name: 'Transcript' })).getAllByRole('listitem');
const turnOf = async (question: string) => (await turns()).find((turn) => within(turn).queryByText(question) !== null)!;

describe('ConversationDetailPage', () => {
  it('reads as a transcript by default: each question in the visitor’s words and the answer as the widget drew it', async () => {
    const calls = serve();
    renderPage();
    expect(await turns()).toHaveLength(4);
    expect(calls.find((call) => call.path.endsWith(`/conv/${CONV}`))?.query.get('data_type__neq')).toBe('request');
    expect(screen.getByRole('radio', { name: 'Transcript' })).toBeChecked();

    const hours = await turnOf('When are you open?');
    // Rich text: bold, a link that opens in a new tab, and the quick replies as chips.
    expect(within(hours).getByText('Monday to Friday').tagName).toBe('STRONG');
    expect(within(hours).getByRole('link', { name: 'our hours' })).toHaveAttribute('href', 'https://shop.example/hours');
    expect(within(within(hours).getByRole('group', { name: 'Quick replies' })).getByText('Weekend hours')).toBeVisible();
    // Quick replies inside the text are shown, not pressed.
    expect(within(hours).getByRole('button', { name: 'Holidays' })).toBeDisabled();
    expect(within(hours).getByText('Confidence 0.82')).toBeVisible();
    expect(within(hours).getByRole('link', { name: 'Opening hours' })).toHaveAttribute('href', `/project/${PROJECT}/content/${HOURS_ITEM}`);
    expect(within(hours).getByRole('img', { name: 'Liked' })).toBeVisible();
  });

  it('shows the reading chosen, the refusal and a disliked answer’s comment as text', async () => {
    serve();
    const { container } = renderPage();
    const weather = await turnOf('and the weather?');
    expect(within(weather).getByText('Sorry, I cannot help with that.')).toBeVisible();
    expect(within(weather).getByText('Read with the previous question “When are you open?” — too short to place alone')).toBeVisible();
    expect(within(weather).getByText('Understood as “and the weather? when are you open”')).toBeVisible();
    expect(within(weather).getByText("Refused: The closest item, 'Opening hours', is 0.21 alike; 0.45 is needed")).toBeVisible();
    expect(within(weather).getByRole('img', { name: 'Disliked' })).toBeVisible();
    expect(within(weather).getByText(COMMENT)).toBeVisible();
    // The comment's markup stays text: no element was made of it.
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows a flow’s prompt with its choices as chips, and an error as an error', async () => {
    serve();
    renderPage();
    const booking = await turnOf('Book a table for two');
    expect(within(booking).getByText('Which day would you like?')).toBeVisible();
    const chips = within(booking).getByRole('group', { name: 'Quick replies' });
    expect(Array.from(chips.children, (chip) => chip.textContent)).toEqual(['Today', 'Tomorrow']);
    expect(within(booking).getByText('Table booking')).toBeVisible();

    const failed = await turnOf('Confirm it');
    expect(within(failed).getByRole('alert')).toHaveTextContent('The answer failedThe booking service did not answer');
    expect(within(failed).queryByRole('button', { name: 'Add to tests' })).not.toBeInTheDocument();
  });

  it('opens an answer’s trace in one click', async () => {
    serve();
    const { user } = renderPage();
    const weather = await turnOf('and the weather?');
    const trace = within(weather).getByRole('button', { name: 'Trace' });
    await user.click(trace);
    expect(within(weather).getByRole('button', { name: 'Hide trace' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(weather).getByRole('table', { name: 'Trace of and the weather?' })).toHaveTextContent('Decision: out of scope');
  });

  it('adds an answer to the tests from the transcript for those who may, not for viewers', async () => {
    serve('editor');
    const { user, unmount } = renderPage();
    const hours = await turnOf('When are you open?');
    await user.click(await within(hours).findByRole('button', { name: 'Add to tests' }));
    expect(await screen.findByRole('dialog', { name: 'Add to Tests' })).toBeVisible();
    unmount();

    serve('viewer');
    renderPage();
    await turnOf('When are you open?');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to tests' })).not.toBeInTheDocument());
  });

  it('keeps the event table, with each event’s JSON, as the other view, in the address', async () => {
    serve();
    const { user, location } = renderPage();
    await turns();
    await user.click(screen.getByRole('radio', { name: 'Events' }));
    expect(location().search).toBe('?view=events');
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(await within(table).findAllByRole('row')).toHaveLength(9);
    await user.click(within(table).getByRole('button', { name: 'Details of Response: When are you open?' }));
    expect(within(table).getByLabelText('JSON of Response: When are you open?')).toHaveTextContent('"confidence": 0.82');
    expect(screen.queryByRole('region', { name: 'Transcript' })).not.toBeInTheDocument();
  });
});
