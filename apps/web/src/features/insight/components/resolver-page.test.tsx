import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { insightMessages, type FixBody, type Role } from '@console/contracts';
import { apiErrorResponse, fakeApi, projectSession, type ApiCall } from '@/test/fake-api';
import { answerId, fixRecord, OPENING_HOURS, PROJECT, TOPIC, topicDetailRecord, topicRecord } from '@/test/insight-fixtures';
import { renderWithProviders } from '@/test/render';
import { ResolverPage } from './resolver-page';

const topicPath = `/project/${PROJECT}/insight/topic/${TOPIC}`;

function serve(role: Role, fix: (call: ApiCall) => unknown = (call) => ({ fix: fixRecord({ kind: (call.body as FixBody).kind }), topic: topicRecord() })) {
  return fakeApi({
    'GET /session': () => projectSession(PROJECT, role),
    [`GET ${topicPath}`]: () => topicDetailRecord(),
    [`POST ${topicPath}/fix`]: fix,
  });
}

function renderPage(search = `?topic=${TOPIC}`) {
  return renderWithProviders(<ResolverPage />, {
    route: `/project/${PROJECT}/resolver${search}`,
    path: '/project/:projectId/resolver',
    routes: [{ path: '/project/:projectId/content/:contentId', element: <p>Content page</p> }],
  });
}

const fixPanel = () => screen.getByRole('region', { name: 'Fix' });
const posted = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body);
const topicReads = (calls: ApiCall[]) => calls.filter((call) => call.path === topicPath).length;

describe('ResolverPage', () => {
  it('without a topic points to the Inbox', async () => {
    serve('editor');
    renderPage('');
    expect(screen.getByRole('heading', { name: 'Resolver' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'open the Inbox' })).toHaveAttribute('href', `/project/${PROJECT}/insight`);
  });

  it("reads the topic's questions of the inbox's window, and says which questions a fix applies to as they are chosen", async () => {
    const calls = serve('editor');
    const { user } = renderPage(`?topic=${TOPIC}&from=2025-02-23&to=2025-03-01&threshold=0.6`);
    expect(await screen.findByRole('heading', { name: 'When are you open on holidays?' })).toBeVisible();
    const read = calls.find((call) => call.path === topicPath)!;
    expect(read.query.get('threshold')).toBe('0.6');
    expect(new Date(read.query.get('from')!).getDate()).toBe(23);
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', `/project/${PROJECT}/insight?from=2025-02-23&to=2025-03-01&threshold=0.6`);

    expect(within(await screen.findByRole('region', { name: 'Fix' })).getByText('Applies to all 48 questions')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Select Question 2' }));
    expect(within(fixPanel()).getByText('Applies to 1 selected question')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(fixPanel()).getByText('Applies to 3 selected questions')).toBeVisible();
    // Every question of the topic, chosen as such, is what a fix takes with none chosen.
    await user.click(screen.getByRole('button', { name: 'Select all 48' }));
    expect(within(fixPanel()).getByText('Applies to all 48 questions')).toBeVisible();
    await user.click(within(fixPanel()).getByRole('button', { name: 'Add as utterances' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ kind: 'add_utterances', content_id: OPENING_HOURS }]));
  });

  it('adds the chosen questions to the nearest item in one click, then reads the topic again with nothing chosen', async () => {
    const calls = serve('editor');
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Question 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Question 3' }));
    expect(within(fixPanel()).getByRole('radio', { name: /Opening hours/ })).toBeChecked();
    const reads = topicReads(calls);

    await user.click(within(fixPanel()).getByRole('button', { name: 'Add as utterances' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ kind: 'add_utterances', content_id: OPENING_HOURS, answer_ids: [answerId(1), answerId(3)] }]));
    await waitFor(() => expect(topicReads(calls)).toBeGreaterThan(reads));
    expect(within(fixPanel()).getByText('Applies to all 48 questions')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select Question 1' })).not.toBeChecked();
  });

  it('with no item near the questions, one is found by its subject first', async () => {
    fakeApi({
      'GET /session': () => projectSession(PROJECT, 'editor'),
      [`GET ${topicPath}`]: () => topicDetailRecord({ suggested_items: [] }),
    });
    renderPage();
    const add = await within(await screen.findByRole('region', { name: 'Fix' })).findByRole('button', { name: 'Add as utterances' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Content item must be selected.');
    expect(within(fixPanel()).getByPlaceholderText('Type part of its subject')).toBeVisible();
  });

  it('an item deleted meanwhile: the 409 shows its detail in the panel', async () => {
    serve('editor', () => apiErrorResponse(409, 'Conflict', insightMessages.itemGone));
    const { user } = renderPage();
    await user.click(await within(await screen.findByRole('region', { name: 'Fix' })).findByRole('button', { name: 'Add as utterances' }));
    expect(await within(fixPanel()).findByRole('alert')).toHaveTextContent(insightMessages.itemGone);
  });

  it('a jargon mapping from a word the questions share, for every question', async () => {
    const calls = serve('editor');
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Jargon' }));
    await user.click(within(fixPanel()).getByRole('checkbox', { name: 'bank holiday (9)' }));
    await user.type(within(fixPanel()).getByRole('textbox', { name: 'Keyword' }), 'public holiday');
    await user.click(within(fixPanel()).getByRole('button', { name: 'Add jargon mapping' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ kind: 'jargon', keyword: 'public holiday', terms: ['bank holiday'] }]));
  });

  it('test cases expecting out of scope, for all the questions', async () => {
    const calls = serve('editor');
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Test cases' }));
    await user.click(within(fixPanel()).getByRole('radio', { name: 'Out of scope' }));
    await user.click(within(fixPanel()).getByRole('button', { name: 'Add test cases' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ kind: 'test_cases', expect: { type: 'out_of_scope' } }]));
  });

  it('a new item from the questions opens its page, for its response to be written', async () => {
    const calls = serve('editor', () => ({ fix: fixRecord({ kind: 'new_content', content_id: OPENING_HOURS }), topic: topicRecord() }));
    const { user, location } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'New item' }));
    const subject = within(fixPanel()).getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('When are you open on holidays?');
    await user.clear(subject);
    await user.type(subject, 'Holiday opening hours');
    await user.click(within(fixPanel()).getByRole('button', { name: 'Create content item' }));
    await waitFor(() => expect(location().pathname).toBe(`/project/${PROJECT}/content/${OPENING_HOURS}`));
    expect(posted(calls)).toEqual([{ kind: 'new_content', subject: 'Holiday opening hours' }]);
  });

  it('dismissing asks first', async () => {
    const calls = serve('editor');
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.getByText('Dismiss this topic? It comes back only if new questions join it.')).toBeVisible();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ kind: 'dismiss' }]));
  });

  it('a viewer reads the questions and the fixes made, with no fix to make', async () => {
    fakeApi({
      'GET /session': () => projectSession(PROJECT, 'viewer'),
      [`GET ${topicPath}`]: () => topicDetailRecord({ topic: topicRecord({ status: 'fixed', fixes: [fixRecord()] }) }),
    });
    renderPage();
    const history = await screen.findByRole('table', { name: 'Fix history' });
    expect(within(history).getByText("3 utterances added to 'Opening hours'")).toBeVisible();
    expect(within(history).getByText('Waiting for the next sync')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Question 1' })).toHaveAttribute('href', `/project/${PROJECT}/conv/conv-1`);
    expect(screen.queryByRole('region', { name: 'Fix' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });
});
