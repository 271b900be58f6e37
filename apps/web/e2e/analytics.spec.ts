import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { EXPORT_TOTAL_HEADER, exportFileName, exportRecordSchema } from '@console/contracts';
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

test('the questions of the Real-Time Test show on the dashboard, in their conversation and in the exported query log', async ({ page }) => {
  // A whole path through the product (content, sync, three answers, four screens, an export): more than one screen's time.
  test.setTimeout(120_000);
  await signIn(page, users.plain);
  const projectId = await createProject(page, 'Cycle Desk');
  const outOfScopeAnswer = await page.getByLabel('Out of Scope Response').inputValue();
  await createAnsweredItem(page, projectId, item);
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Deploy', exact: true })).toBeEnabled();

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

  // The dashboard counts them, each count leading to the list behind it.
  await page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/dashboard`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('link', { name: 'Queries: 3', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Responses: 3', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Events: 6', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Out of Scope: 1', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Conversations: 1', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Errors: 0', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Asked for a Person: 0', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top content' }).getByRole('link', { name: item.subject })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top out-of-scope questions' })).toContainText(questions.outOfScope);

  // The Real-Time Test belongs to no deployment: filtered to Production, nothing is left.
  const deployment = page.getByRole('search', { name: 'Dashboard filters' }).getByRole('combobox', { name: 'Deployment' });
  await deployment.click();
  await page.getByRole('option', { name: 'Production' }).click();
  await expect(summary.getByRole('link', { name: 'Queries: 0', exact: true })).toBeVisible();
  await expect(page.getByText('No questions in this range.')).toBeVisible();
  await deployment.click();
  await page.getByRole('option', { name: 'Production' }).click();
  await expect(summary.getByRole('link', { name: 'Queries: 3', exact: true })).toBeVisible();

  await summary.getByRole('link', { name: 'Out of Scope: 1', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/query\\?.*response_type__eq=oos`));
  const log = page.getByRole('table', { name: 'Query Log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('Out of Scope');
  await expect(log.getByRole('row').nth(1)).toContainText('Real-Time Test');

  // Its conversation: the counts and every event, each with its JSON.
  await log.getByRole('link', { name: questions.outOfScope }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/conv/[0-9a-f-]{36}$`));
  const convUrl = page.url();
  const counts = page.getByRole('region', { name: 'Conversation counts' });
  await expect(counts.getByRole('row', { name: 'Events' })).toContainText('6');
  await expect(counts.getByRole('row', { name: 'Requests' })).toContainText('3');
  await expect(counts.getByRole('row', { name: 'Out of Scope' })).toContainText('1');
  await expect(page.getByRole('region', { name: 'Conversation details' }).getByRole('row', { name: 'Deployment' })).toContainText('Real-Time Test');
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

  // From the conversation list to the query log, and its export.
  await page.getByRole('main').getByRole('link', { name: 'Conversations' }).click();
  await expect(page.getByRole('table', { name: 'Conversations' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Explore By Query' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/query`);
  await expect(log.getByRole('row')).toHaveCount(7);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(exportFileName(projectId));
  const exported: unknown = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(Array.isArray(exported)).toBe(true);
  const records = (exported as unknown[]).map((record) => exportRecordSchema.strict().parse(record));
  expect(records).toHaveLength(6);
  expect(records.map((record) => record.data_type).sort()).toEqual(['request', 'request', 'request', 'response', 'response', 'response']);
  expect(records.filter((record) => record.response_type === 'oos').map((record) => record.utterance)).toEqual([questions.outOfScope]);
  for (const record of records) expect(record.issued_at).toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/);
  await expect(page.getByRole('button', { name: 'Export as JSON' })).toBeVisible();
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
