import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { EXPORT_TOTAL_HEADER, exportFileName, exportRecordSchema, type Project } from '@console/contracts';
import { call, signInToken } from './support/api';
import { ask, createAnsweredItem } from './support/assistant';
import { createProject } from './support/projects';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

const item = {
  subject: 'Bicycle repairs',
  response: 'Our workshop repairs bicycles of every make within two working days.',
  utterances: ['Do you repair bicycles?', 'Can you fix my bike?', 'bicycle repair workshop'],
};
const questions = {
  first: 'Can you repair my bicycle?',
  second: 'Do you fix bikes?',
  outOfScope: 'What is the boiling point of mercury on Venus?',
};

// A zone far from UTC with a half-hour offset: the export's timestamps must carry the browser's.
test.use({ timezoneId: 'Asia/Kolkata' });

test('the questions of the Real-Time Test show on the dashboard and the lists once asked for, in their conversation and in the exported query log', async ({ page }) => {
  // A whole path through the product (content, sync, three answers, four screens, an export): more than one screen's time.
  test.setTimeout(120_000);
  await signIn(page, users.plain);
  const projectId = await createProject(page, 'Cycle Desk');
  const outOfScopeAnswer = await page.getByLabel('Out of Scope Response').inputValue();
  await createAnsweredItem(page, projectId, item);
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sync', exact: true }).click();
  // Syncing reads the item's sentences through the encoder: slower on a busy machine.
  await expect(header.getByRole('button', { name: 'Deploy', exact: true })).toBeEnabled({ timeout: 60_000 });

  // Three questions in one conversation, the last one out of scope.
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  const drawer = page.getByRole('dialog', { name: 'Real-Time Test' });
  const conversation = drawer.getByRole('log', { name: 'Conversation' });
  await ask(page, questions.first);
  await expect(conversation.getByText(item.response)).toHaveCount(1);
  await ask(page, questions.second);
  await expect(conversation.getByText(item.response)).toHaveCount(2);
  await ask(page, questions.outOfScope);
  await expect(conversation.getByText(outOfScopeAnswer)).toBeVisible();
  await drawer.getByRole('button', { name: 'Close Real-Time Test' }).click();

  // The dashboard leaves the Real-Time Test out until asked, then counts its questions, each count leading to the list behind it.
  await page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/dashboard`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('link', { name: 'Queries: 0', exact: true })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Dashboard filters' });
  await filters.getByRole('switch', { name: 'Include Real-Time Test' }).click();
  await expect(page).toHaveURL(/include_realtime__eq=true/);
  await expect(summary.getByRole('link', { name: 'Queries: 3', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Responses: 3', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Events: 6', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Out of Scope: 1', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Conversations: 1', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Errors: 0', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Asked for a Person: 0', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Disliked Answers: 0', exact: true })).toBeVisible();
  await expect(summary.getByRole('group', { name: 'Liked Rate: —' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top content' }).getByRole('link', { name: item.subject })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top out-of-scope questions' })).toContainText(questions.outOfScope);

  // The Real-Time Test belongs to no deployment: filtered to Production, nothing is left.
  const deployment = filters.getByRole('combobox', { name: 'Deployment' });
  await deployment.click();
  await page.getByRole('option', { name: 'Production' }).click();
  await expect(summary.getByRole('link', { name: 'Queries: 0', exact: true })).toBeVisible();
  await expect(page.getByText('No questions in this range.')).toBeVisible();
  await deployment.click();
  await page.getByRole('option', { name: 'Production' }).click();
  await expect(summary.getByRole('link', { name: 'Queries: 3', exact: true })).toBeVisible();

  // The count's link carries the switch: the out-of-scope question, once, with why it was refused.
  await summary.getByRole('link', { name: 'Out of Scope: 1', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/query\\?.*response_type__eq=oos`));
  await expect(page).toHaveURL(/include_realtime__eq=true/);
  const log = page.getByRole('table', { name: 'Query Log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  const refused = log.getByRole('row').nth(1);
  await expect(refused).toContainText('Out of Scope');
  await expect(refused).toContainText('Real-Time Test');
  await expect(refused.getByRole('cell').nth(2)).not.toBeEmpty();

  // Its conversation: the counts, then the transcript, and every event with its JSON in the other view.
  await log.getByRole('link', { name: questions.outOfScope }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/conv/[0-9a-f-]{36}$`));
  const convUrl = page.url();
  const counts = page.getByRole('region', { name: 'Conversation counts' });
  await expect(counts.getByRole('row', { name: 'Events' })).toContainText('6');
  await expect(counts.getByRole('row', { name: 'Requests' })).toContainText('3');
  await expect(counts.getByRole('row', { name: 'Out of Scope' })).toContainText('1');
  await expect(page.getByRole('region', { name: 'Conversation details' }).getByRole('row', { name: 'Deployment' })).toContainText('Real-Time Test');
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('listitem')).toHaveCount(3);
  await expect(transcript.getByText(item.response)).toHaveCount(2);
  await expect(transcript.getByText(outOfScopeAnswer)).toBeVisible();
  await page.getByLabel('View').getByText('Events', { exact: true }).click();
  await expect(page).toHaveURL(`${convUrl}?view=events`);
  const events = page.getByRole('table', { name: 'Events' });
  await expect(events.getByRole('row')).toHaveCount(7);
  await expect(events.getByRole('link', { name: 'Open content' })).toHaveCount(2);
  const details = events.getByRole('button', { name: `Details of Response: ${questions.outOfScope}` });
  await details.press('Enter');
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const json = events.getByLabel(`JSON of Response: ${questions.outOfScope}`);
  await expect(json).toContainText('"response_type": "oos"');
  await expect(json).toContainText('"trace": [');
  await expect(json).toContainText('"stage": "classify"');
  await details.press('Enter');
  await expect(json).toHaveCount(0);

  // The Real-Time Test's 'Query log' opens the same conversation.
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  await drawer.getByRole('button', { name: 'Query log' }).click();
  await expect(page).toHaveURL(convUrl);

  // The conversation list leaves it out until switched on; then to the query log with the switch, and its export.
  await page.getByRole('main').getByRole('link', { name: 'Conversations' }).click();
  const conversations = page.getByRole('table', { name: 'Conversations' });
  await expect(conversations.getByText('No conversations yet.')).toBeVisible();
  await page.getByRole('switch', { name: 'Include Real-Time Test' }).click();
  await expect(conversations.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Explore By Query' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/query?include_realtime__eq=true`);
  await expect(log.getByRole('row')).toHaveCount(4);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(exportFileName(projectId));
  const exported: unknown = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(Array.isArray(exported)).toBe(true);
  // One line per question: its answer, with the feedback it has (none here).
  const records = (exported as unknown[]).map((record) => exportRecordSchema.strict().parse(record));
  expect(records).toHaveLength(3);
  expect(records.map((record) => [record.data_type, record.feedback])).toEqual([
    ['response', null],
    ['response', null],
    ['response', null],
  ]);
  expect(records.filter((record) => record.response_type === 'oos').map((record) => record.utterance)).toEqual([questions.outOfScope]);
  for (const record of records) expect(record.issued_at).toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/);
  await expect(page.getByRole('button', { name: 'Export as JSON' })).toBeVisible();
});

/** Two items made through the API: the repairs (with a bold phrase and a quick reply to the prices) and the prices; synced. */
async function repairDesk(request: APIRequestContext) {
  const token = await signInToken(request, users.plain);
  const created = await call<Project>(request, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: 'Transcript Desk' });
  const project = await call<Project>(request, 'get', `/project/${created.id}`, token);
  const addItem = async (subject: string, content: unknown[], utterances: string[]) => {
    const created = await call<{ id: string }>(request, 'post', `/project/${project.id}/content`, token, { subject });
    await call(request, 'put', `/content/${created.id}/response`, token, { response_pm: { type: 'doc', content: [{ type: 'paragraph', content }] } });
    for (const text of utterances) await call(request, 'post', `/content/${created.id}/utterance`, token, { text });
    return created.id;
  };
  const repairs = await addItem(
    'Bicycle repairs',
    [{ type: 'text', text: 'Our workshop repairs bicycles ' }, { type: 'text', text: 'within two working days', marks: [{ type: 'bold' }] }, { type: 'text', text: '.' }],
    ['Do you repair bicycles?', 'Can you fix my bike?', 'bicycle repair workshop'],
  );
  await call(request, 'post', `/content/${repairs}/action`, token, { type: 'query', config: { label: 'Repair prices', utterance: 'How much does a repair cost?' } });
  await addItem('Repair prices', [{ type: 'text', text: 'A standard repair costs 40 euros.' }], ['How much does a repair cost?', 'repair price']);
  await call(request, 'post', `/project/${project.id}/sync`, token, { note: 'Repairs' });
  return { projectId: project.id, outOfScope: project.out_of_scope_response };
}

test('a conversation of seven turns reads as a transcript on one page: the answers as the widget drew them, the refusals, the trace a click away, and its events with their JSON', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { projectId, outOfScope } = await repairDesk(request);
  const answers = { repairs: 'within two working days', prices: 'A standard repair costs 40 euros.', refused: outOfScope };
  const turns: [string, keyof typeof answers][] = [
    ['Do you repair bicycles?', 'repairs'],
    ['How much does a repair cost?', 'prices'],
    ['What is the boiling point of mercury on Venus?', 'refused'],
    ['Can you fix my bike?', 'repairs'],
    ['repair price', 'prices'],
    ['Who won the football world cup?', 'refused'],
    ['bicycle repair workshop', 'repairs'],
  ];
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}`);
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  const drawer = page.getByRole('dialog', { name: 'Real-Time Test' });
  const chat = drawer.getByRole('log', { name: 'Conversation' });
  const shown = { repairs: 0, prices: 0, refused: 0 };
  for (const [question, answer] of turns) {
    await ask(page, question);
    shown[answer] += 1;
    await expect(chat.getByText(answers[answer], { exact: true })).toHaveCount(shown[answer]);
  }
  await drawer.getByRole('button', { name: 'Query log' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/conv/[0-9a-f-]{36}$`));

  // The whole conversation on one page, each question with its answer in the widget's rich text.
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('listitem')).toHaveCount(7);
  await expect(transcript.locator('strong', { hasText: answers.repairs })).toHaveCount(3);
  await expect(transcript.getByText(answers.prices, { exact: true })).toHaveCount(2);
  await expect(transcript.getByText(outOfScope, { exact: true })).toHaveCount(2);
  await expect(transcript.getByRole('group', { name: 'Quick replies' })).toHaveCount(3);
  await expect(transcript.getByRole('group', { name: 'Quick replies' }).first()).toContainText('Repair prices');
  await expect(transcript.getByText(/^Refused: \S/)).toHaveCount(2);
  await expect(transcript.getByText(/^Confidence \d\.\d\d$/)).toHaveCount(7);
  for (const [question] of turns) await expect(transcript.getByText(question, { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Transcript pages' })).toHaveCount(0);

  // The trace in one click.
  // The turn of the first question (a later one may name it as the question it was read with).
  const first = transcript.getByRole('listitem').filter({ has: page.getByText(turns[0]![0], { exact: true }) });
  await first.getByRole('button', { name: 'Trace' }).click();
  await expect(first.getByRole('table', { name: `Trace of ${turns[0]![0]}` })).toContainText('Decision: a content item');

  // The events keep their table and JSON, ten to a page.
  await page.getByLabel('View').getByText('Events', { exact: true }).click();
  const events = page.getByRole('table', { name: 'Events' });
  await expect(events.getByRole('row')).toHaveCount(11);
  await expect(page.getByTestId('table-total')).toHaveText('14 results');
  const details = events.getByRole('button', { name: `Details of Response: ${turns[1]![0]}` });
  await details.click();
  await expect(events.getByLabel(`JSON of Response: ${turns[1]![0]}`)).toContainText('"confidence":');
  await page.getByLabel('View').getByText('Transcript', { exact: true }).click();
  await expect(transcript.getByText(answers.prices, { exact: true })).toHaveCount(2);
});

test('an export cut off mid-way says so, and Cancel stops one that is running', async ({ page }) => {
  await signIn(page, users.plain);
  const exportCall = '**/api/v1/project/*/query/export?*';
  await page.route(exportCall, (route) =>
    route.fulfill({ status: 200, headers: { [EXPORT_TOTAL_HEADER]: '3' }, contentType: 'application/json', body: '[\n{"id":"1"},\n' }),
  );
  await page.goto(`/project/${seeded().projectId}/query`);
  const exportButton = page.getByRole('button', { name: 'Export as JSON' });
  await exportButton.click();
  await expect(page.getByRole('alert')).toHaveText('The export failed. The download broke off after 1 of 3 events. Please try again.');

  // An answer that never comes: the progress waits, Cancel gives the button back without an error.
  await page.unroute(exportCall);
  await page.route(exportCall, () => new Promise<void>(() => {}));
  await exportButton.click();
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Starting the export' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(exportButton).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
