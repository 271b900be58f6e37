import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { NUMBER_FILTER_INPUT, messages, pipelineInputTypes, type SourcePull } from '@console/contracts';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

async function openSources(page: Page) {
  await signIn(page, users.plain);
  await page.goto(`/project/${seeded().projectId}/source`);
  await expect(page.getByRole('heading', { name: 'Sources' })).toBeVisible();
}

/** Creates a source through 'Create Source' and waits for its page to open. */
async function createSource(page: Page, name: string, type: 'Rich Editor' | 'Pipeline') {
  await page.getByRole('button', { name: 'Create Source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Source' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Type').click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/source\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

async function chooseAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Writes a heading (level 2) and a paragraph at the end of the editor. */
async function writeSection(page: Page, heading: string, paragraph: string) {
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type(heading);
  await page.keyboard.press('Enter');
  await page.keyboard.type(paragraph);
  await page.keyboard.press('Enter');
}

test('a rich editor source is written, pulled into content, and pulled again without duplicates', async ({ page }) => {
  await openSources(page);
  await createSource(page, 'Store Policies', 'Rich Editor');
  const sourceUrl = page.url();
  const card = page.getByRole('region', { name: 'Rich Editor' });
  const kb = page.getByRole('region', { name: 'KB' });
  await expect(kb.getByText('No KB elements were found.')).toBeVisible();

  await card.getByRole('textbox', { name: 'Document' }).click();
  await writeSection(page, 'Shipping', 'We ship every weekday.');
  await writeSection(page, 'Returns', 'Returns are free for 30 days.');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Saved!')).toBeVisible();
  await expect(kb.getByRole('heading', { name: 'Shipping' })).toBeVisible();
  await expect(kb.getByRole('heading', { name: 'Returns' })).toBeVisible();
  await expect(kb.getByRole('region', { name: 'Returns' })).toContainText('Returns are free for 30 days.');

  await chooseAction(page, 'Pull');
  const pull = page.getByTestId('pull-status');
  await expect(pull).toContainText('Created 2, updated 0, omitted 0, unchanged 0');

  await page.getByRole('link', { name: 'View Content' }).click();
  await expect(page).toHaveURL(/\/source\/[0-9a-f-]{36}\/content$/);
  await expect(page.getByRole('link', { name: 'Returns' })).toBeVisible();
  await page.getByRole('link', { name: 'Shipping' }).click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Shipping', level: 2 })).toBeVisible();

  // A changed section updates its item instead of making a second one.
  await page.goto(sourceUrl);
  const editor = page.getByRole('region', { name: 'Rich Editor' }).getByRole('textbox', { name: 'Document' });
  await editor.getByText('Returns are free for 30 days.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Keep the receipt.');
  await page.getByRole('region', { name: 'Rich Editor' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'KB' })).toContainText('Keep the receipt.');
  await chooseAction(page, 'Pull');
  await expect(page.getByTestId('pull-status')).toContainText('Created 0, updated 1, omitted 0, unchanged 1');

  await page.getByRole('link', { name: 'View Content' }).click();
  await expect(page.getByRole('link', { name: 'Returns' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Shipping' })).toHaveCount(1);
});

test('a reload while a pull runs shows its progress again, then its summary', async ({ page }) => {
  await openSources(page);
  await createSource(page, 'Seasonal Policies', 'Rich Editor');
  const sourceId = page.url().split('/').at(-1)!;
  // A real pull of a small document ends before a reload; the answers about this one are held
  // at 'running' until the test lets it finish.
  const running: SourcePull = {
    id: randomUUID(),
    source_id: sourceId,
    status: 'running',
    progress: { done: 3, total: 8, message: 'Writing content items' },
    summary: null,
    error: null,
    started_at: new Date().toISOString(),
    finished_at: null,
  };
  const succeeded: SourcePull = {
    ...running,
    status: 'succeeded',
    progress: { done: 8, total: 8, message: 'Done' },
    summary: { created: 8, updated: 0, omitted: 0, unchanged: 0 },
    finished_at: new Date().toISOString(),
  };
  let pull = running;
  await page.route(`**/api/v1/source/${sourceId}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), last_pull: pull } });
  });
  await page.route(`**/api/v1/source/${sourceId}/pull/${running.id}`, (route) => route.fulfill({ json: pull }));

  await page.reload();
  const status = page.getByTestId('pull-status');
  await expect(status.getByRole('progressbar', { name: 'Pull progress' })).toBeVisible();
  await expect(status).toContainText('Writing content items');
  await expect(status).toContainText('3/8');
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Pull' })).toBeDisabled();
  await page.keyboard.press('Escape');

  pull = succeeded;
  await expect(status).toContainText('Created 8, updated 0, omitted 0, unchanged 0');
  await expect(status.getByRole('progressbar')).toHaveCount(0);
});

test('Create Source checks the name length', async ({ page }) => {
  await openSources(page);
  await page.getByRole('button', { name: 'Create Source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Source' });
  await dialog.getByLabel('Name').fill('FA');
  await expect(dialog.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
});

test('a pipeline configuration is saved only as a JSON object, and the server explains what it refuses', async ({ page }) => {
  await openSources(page);
  await createSource(page, 'Help Centre Pages', 'Pipeline');
  const card = page.getByRole('region', { name: 'Pipeline' });
  const config = card.getByLabel('Pipeline Configuration');
  const save = card.getByRole('button', { name: 'Save' });

  await config.fill('{"inputs": [');
  await expect(save).toBeDisabled();
  await expect(card.getByText('Config must be a JSON object')).toBeVisible();
  await config.fill('["not", "an", "object"]');
  await expect(save).toBeDisabled();

  await config.fill(JSON.stringify({ inputs: [{ type: 'ftp', url: 'ftp://example.com/faq.csv' }] }));
  await expect(save).toBeEnabled();
  await save.click();
  await expect(card.getByTestId('form-error')).toContainText(messages.oneOf('Input type', pipelineInputTypes));

  await config.fill(JSON.stringify({ inputs: [{ type: 'csv', text: 'subject,response\nHours,We open at nine.' }] }));
  await save.click();
  await expect(card.getByText('Saved!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Pipeline' }).getByLabel('Pipeline Configuration')).toHaveValue(/We open at nine/);
});

test('a rich editor source is downgraded to an editor source and converted back', async ({ page }) => {
  await openSources(page);
  await createSource(page, 'Legacy Articles', 'Rich Editor');
  await page.getByRole('button', { name: 'Actions' }).click();
  // The menu says what a downgrade does before it is chosen.
  const downgrade = page.getByRole('menuitem', { name: 'Downgrade' });
  await expect(downgrade).toHaveAccessibleDescription(
    'Its type becomes Editor: nothing is deleted, but it can no longer be edited or pulled.',
  );
  await downgrade.click();
  const confirm = page.getByRole('dialog', { name: 'Downgrade Source' });
  await expect(confirm).toContainText('from Rich Editor to Editor');
  await expect(confirm).toContainText(
    "Only its type changes: its document, its KB and the content items it made are kept, and 'Convert to Rich Editor' brings it back as it was.",
  );
  await confirm.getByRole('button', { name: 'Downgrade' }).click();
  await expect(confirm).toHaveCount(0);

  const details = page.getByRole('region', { name: 'Source details' });
  await expect(details.getByText('Editor', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Actions' }).click();
  // An editor source can be neither downgraded nor pulled.
  await expect(page.getByRole('menuitem', { name: 'Downgrade' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Pull' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Convert to Rich Editor' }).click();
  await expect(page.getByRole('region', { name: 'Rich Editor' })).toBeVisible();
  await expect(details.getByText('Rich Editor', { exact: true })).toBeVisible();

  await chooseAction(page, 'Delete');
  await page.getByRole('dialog', { name: 'Delete Source' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/source$/);
  await page.getByLabel('Filter by Name').fill('Legacy Articles');
  await expect(page.getByText('No results were found.')).toBeVisible();
});

test("a source's Word Count filter takes whole numbers from 0 to 200 in steps of 10", async ({ page }) => {
  const { min, max, step } = NUMBER_FILTER_INPUT;
  await openSources(page);
  await createSource(page, 'Filtered Articles', 'Rich Editor');
  await page.getByRole('link', { name: 'View Content' }).click();
  const from = page.getByRole('spinbutton', { name: 'Filter by Word Count from' });
  await expect(from).toHaveAttribute('aria-valuemin', String(min));
  await expect(from).toHaveAttribute('aria-valuemax', String(max));

  await from.fill('30');
  await from.press('ArrowUp');
  await expect(from).toHaveValue(String(30 + step));
  await expect(page).toHaveURL(new RegExp(`num_response_words__gte=${30 + step}(&|$)`));
  await from.fill(String(max + 300));
  await expect(from).toHaveValue(String(max));
  await expect(page).toHaveURL(new RegExp(`num_response_words__gte=${max}(&|$)`));
  await from.fill(String(min));
  await from.press('ArrowDown');
  await expect(from).toHaveValue(String(min));
});

test('a one-line pipeline configuration is saved by one press of Save, and a Pull pressed at once reads it', async ({ page }) => {
  await openSources(page);
  await createSource(page, 'Visitor Questions', 'Pipeline');
  const sourceId = page.url().split('/').at(-1)!;
  const card = page.getByRole('region', { name: 'Pipeline' });
  const config = card.getByLabel('Pipeline Configuration');
  const csv = (subject: string, response: string) => ({ type: 'csv', text: `subject,response\n${subject},${response}` });
  await config.fill(
    JSON.stringify({ inputs: [csv('Parking', 'Parking is free after six.'), csv('Pets', 'Dogs on a lead are welcome.')] }),
  );

  // The save is held until Pull has been pressed, so a pull that did not wait for it would be seen.
  const order: string[] = [];
  let releaseSave = () => {};
  const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
  await page.route(`**/api/v1/source/${sourceId}/config`, async (route) => {
    await saveHeld;
    const response = await route.fetch();
    order.push('config saved');
    await route.fulfill({ response });
  });
  await page.route(`**/api/v1/source/${sourceId}/pull`, async (route) => {
    order.push('pull started');
    await route.continue();
  });

  const saving = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith('/config'));
  // A person's click: the button stays pressed for a moment, as long as the field takes to lose focus.
  await card.getByRole('button', { name: 'Save' }).click({ delay: 150 });
  await saving;
  await chooseAction(page, 'Pull');
  releaseSave();

  await expect(card.getByText('Saved!')).toBeVisible();
  await expect(page.getByTestId('pull-status')).toContainText('Created 2, updated 0, omitted 0, unchanged 0');
  expect(order).toEqual(['config saved', 'pull started']);
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
});
