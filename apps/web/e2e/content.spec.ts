import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { CONTENT_EXPORT_COLUMNS, MULTI_VALUE_SEPARATOR, contentExportFileName, type Source } from '@console/contracts';
import { call, signInToken } from './support/api';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The Status cell of a content row (the list's third column, after the selection's checkbox). */
const statusCell = (row: Locator) => row.getByRole('cell').nth(3);

test('an editor curates a content item: response, utterances, actions, status and the CSV export', async ({ page }) => {
  const { projectId } = seeded();
  // Commas, quotes and non-ASCII: the export must still be a correct CSV.
  const subject = 'Returns, refunds and "exchanges" – Ærø';
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/content`);

  await page.getByRole('button', { name: 'Create Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByLabel('Subject').fill(subject);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/content/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();

  // The response: a paragraph with bold text and a link, quick replies and an image.
  const responseCard = page.getByRole('region', { name: 'Response' });
  const response = page.getByRole('textbox', { name: 'Response' });
  await response.click();
  await page.keyboard.type('Send the parcel back within 30 days. Returns are ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('free');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' through our ');
  await expect(responseCard.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'false');

  await responseCard.getByRole('button', { name: 'Link', exact: true }).click();
  const link = page.getByRole('dialog', { name: 'Link' });
  await link.getByLabel('URL').fill('javascript:alert(1)');
  await expect(link.getByText('Link URL must use http, https or mailto')).toBeVisible();
  await expect(link.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await link.getByLabel('URL').fill('https://example.com/returns');
  await link.getByText('New Tab').click();
  await link.getByLabel('Text').fill('returns portal');
  await link.getByRole('button', { name: 'Apply' }).click();
  await expect(link).toHaveCount(0);

  await responseCard.getByRole('button', { name: 'Quick replies', exact: true }).click();
  const reply = page.getByRole('dialog', { name: 'Insert Quick Replies' });
  await reply.getByLabel('Label').fill('Track my parcel');
  await reply.getByLabel('Utterance').fill('Where is my parcel?');
  await reply.getByRole('button', { name: 'Insert' }).click();
  await expect(responseCard.getByRole('button', { name: 'Edit quick reply Track my parcel' })).toBeVisible();

  await responseCard.getByRole('button', { name: 'Image', exact: true }).click();
  const image = page.getByRole('dialog', { name: 'Image' });
  await image.getByLabel('URL').fill('https://example.com/parcel.png');
  await image.getByLabel('Alternative text').fill('A parcel');
  await image.getByRole('button', { name: 'Apply' }).click();
  await expect(response.getByRole('img', { name: 'A parcel' })).toHaveCount(1);
  await expect(responseCard.getByTestId('character-count')).toHaveText(/^\d+ \/ 4000/);

  await responseCard.getByRole('button', { name: 'Save' }).click();
  await expect(responseCard.getByText('Saved!')).toBeVisible();
  await expect(responseCard.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.reload();
  const portal = response.getByRole('link', { name: 'returns portal' });
  await expect(portal).toHaveAttribute('href', 'https://example.com/returns');
  await expect(portal).toHaveAttribute('target', '_blank');
  await expect(response.locator('strong')).toHaveText('free');
  await expect(response.getByRole('img', { name: 'A parcel' })).toHaveAttribute('src', 'https://example.com/parcel.png');
  await expect(responseCard.getByRole('button', { name: 'Edit quick reply Track my parcel' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Content details' }).getByRole('row', { name: /Words/ })).toContainText('14');

  // Utterances: two, then a duplicate that the server refuses.
  const utterances = page.getByRole('region', { name: 'Utterances' });
  for (const text of ['How do I return an item?', 'Can I get a refund?']) {
    await utterances.getByLabel('New utterance').fill(text);
    await utterances.getByRole('button', { name: 'Add Utterance' }).click();
    await expect(utterances.getByRole('table', { name: 'Utterances' }).getByRole('cell', { name: text, exact: true })).toBeVisible();
  }
  await utterances.getByLabel('New utterance').fill('How do I return an item?');
  await utterances.getByRole('button', { name: 'Add Utterance' }).click();
  await expect(utterances.getByTestId('form-error')).toHaveText('Utterances must be unique');

  // Actions: a query and an event.
  const actions = page.getByRole('region', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Add Action' }).click();
  const query = page.getByRole('dialog', { name: 'Add Action' });
  await query.getByLabel('Label').fill('Refund status');
  await query.getByLabel('Utterance').fill('Where is my refund?');
  await query.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(query).toHaveCount(0);
  await actions.getByRole('button', { name: 'Add Action' }).click();
  const event = page.getByRole('dialog', { name: 'Add Action' });
  await chooseOption(page, event, 'Type', 'event');
  await event.getByLabel('Label').fill('Talk to an agent');
  await event.getByLabel('Event').fill('handoff');
  await event.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(event).toHaveCount(0);
  const actionTable = actions.getByRole('table', { name: 'Actions' });
  await expect(actionTable.getByRole('row', { name: /Refund status/ })).toContainText('Where is my refund?');
  await expect(actionTable.getByRole('row', { name: /Talk to an agent/ })).toContainText('handoff');

  // Deactivate and activate from the list's row menu.
  await page.getByRole('main').getByRole('link', { name: 'All Content' }).click();
  const row = page.getByRole('row', { name: subject });
  await expect(statusCell(row)).toHaveText('Active');
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(statusCell(row)).toHaveText('Inactive');
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(statusCell(row)).toHaveText('Active');

  // The export: one row per item, utterances joined with ' | '.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(contentExportFileName(projectId));
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...records] = parse(csv, { bom: true }) as string[][];
  expect(header).toEqual([...CONTENT_EXPORT_COLUMNS]);
  const exported = records.find((record) => record[CONTENT_EXPORT_COLUMNS.indexOf('subject')] === subject);
  expect(exported).toBeDefined();
  const exportedUtterances = exported![CONTENT_EXPORT_COLUMNS.indexOf('utterances')]!.split(MULTI_VALUE_SEPARATOR);
  expect(exportedUtterances.sort()).toEqual(['Can I get a refund?', 'How do I return an item?']);
});

test('opening a content item right after Create Content logs no error in the browser console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await signIn(page, users.plain);
  await page.goto(`/project/${seeded().projectId}/content`);
  await page.getByRole('button', { name: 'Create Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByLabel('Subject').fill('Delivery times');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery times', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Response' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Utterances' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('Create Content needs a subject', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(`/project/${seeded().projectId}/content`);
  await page.getByRole('button', { name: 'Create Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByLabel('Subject').fill('A');
  await create.getByLabel('Subject').fill('');
  await expect(create.getByText('Subject must be at least 1 character')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toHaveCount(0);
});

test("content created from a source's content list belongs to that source", async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(`/project/${seeded().projectId}/source`);
  await page.getByRole('button', { name: 'Create Source' }).click();
  const source = page.getByRole('dialog', { name: 'Create Source' });
  await source.getByLabel('Name').fill('FAQ Drafts');
  await chooseOption(page, source, 'Type', 'Rich Editor');
  await source.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'FAQ Drafts', level: 2 })).toBeVisible();

  await page.getByRole('link', { name: 'View Content' }).click();
  await expect(page.getByText('No content in this source yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByLabel('Subject').fill('Opening hours');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Opening hours', level: 2 })).toBeVisible();

  await page.getByRole('link', { name: 'View Source' }).click();
  await expect(page.getByRole('heading', { name: 'FAQ Drafts', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'View Content' }).click();
  const row = page.getByRole('row', { name: /Opening hours/ });
  // After the selection's checkbox: Status, Subject, Modified, Created, Word Count.
  await expect(row.getByRole('cell').nth(1)).toHaveText('Active');
  await expect(row.getByRole('cell').nth(5)).toHaveText('0');
  await page.getByRole('link', { name: 'Back to FAQ Drafts' }).click();
  await expect(page).toHaveURL(/\/source\/[0-9a-f-]{36}$/);
});

test("a source's candidates are activated together in one confirmation, and the header shows the unsynced change", async ({ page, request }) => {
  // A project of its own, so its sync status is this test's alone; a pipeline pull makes twelve candidates.
  const token = await signInToken(request, users.plain);
  const project = await call<{ id: string }>(request, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: 'Candidate Review' });
  const source = await call<Source>(request, 'post', `/project/${project.id}/source`, token, { display_name: 'Help Center', type: 'pipeline' });
  const rows = Array.from({ length: 12 }, (_, index) => `Question ${String(index + 1).padStart(2, '0')},Answer number ${index + 1}.`);
  await call(request, 'put', `/source/${source.id}/config`, token, { config: { inputs: [{ type: 'csv', text: ['subject,response', ...rows].join('\n') }] } });
  await call(request, 'post', `/source/${source.id}/pull`, token);
  await expect
    .poll(async () => (await call<Source>(request, 'get', `/source/${source.id}`, token)).last_pull?.status, { timeout: 30_000 })
    .toBe('succeeded');
  await call(request, 'post', `/project/${project.id}/sync`, token);

  await signIn(page, users.plain);
  // By subject, so the rows picked by hand are on the first page.
  await page.goto(`/project/${project.id}/source/${source.id}/content?sort_field=subject&sort_direction=ascending`);
  const table = page.getByRole('table', { name: 'Source Content' });
  await expect(table.getByRole('row', { name: /Question 01/ })).toBeVisible();
  await expect(page.getByText('Unsynced changes')).toHaveCount(0);

  // The candidates, page by page: the page's checkbox, then every one matching the filter.
  await chooseOption(page, page.getByRole('main'), 'Filter by Status', 'Candidate');
  await expect(page.getByTestId('table-total')).toHaveText('12 results');
  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  const selection = page.getByRole('region', { name: 'Selection' });
  await expect(selection).toContainText('10 selected');
  await selection.getByRole('button', { name: 'Select all 12 matching this filter' }).click();
  await expect(selection).toContainText('All 12 selected');

  await selection.getByRole('button', { name: 'Activate', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Activate Content' });
  await expect(confirm).toContainText('Activate 12 content items?');
  await confirm.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('12 content items activated')).toBeVisible();
  await expect(page.getByText('No results were found.')).toBeVisible();
  await expect(page.getByText('Unsynced changes')).toBeVisible();

  // Two rows picked by hand and deleted, after one confirmation that says it cannot be undone.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('table-total')).toHaveText('12 results');
  await expect(table.getByRole('row', { name: /Question 05/ }).getByRole('cell').nth(1)).toHaveText('Active');
  await table.getByRole('checkbox', { name: 'Select Question 05' }).check();
  await table.getByRole('checkbox', { name: 'Select Question 07' }).check();
  await selection.getByRole('button', { name: 'Delete', exact: true }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Content' });
  await expect(remove).toContainText('Delete 2 content items with their utterances and actions? This cannot be undone.');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 content items deleted')).toBeVisible();
  await expect(page.getByTestId('table-total')).toHaveText('10 results');
  await expect(table.getByRole('row', { name: /Question 05/ })).toHaveCount(0);
});

test('a viewer sees no checkboxes and no bulk actions in the content list', async ({ page }) => {
  await signIn(page, users.staff);
  await page.goto(`/project/${seeded().projectId}/content`);
  await expect(page.getByRole('table', { name: 'Content' })).toBeVisible();
  await expect(page.getByTestId('table-total')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Selection' })).toHaveCount(0);
});
