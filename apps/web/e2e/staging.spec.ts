import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { CONTENT_EXPORT_COLUMNS, DEFAULT_WEB_CHANNEL_CONFIG, contentExportFileName, kbPlainText, messages } from '@console/contracts';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

const stagePaths = ['stage', 'stage/sink', 'stage/content-export'];

test('a staff member opens the staging area from the sidebar and sees the shared components in their states', async ({ page }) => {
  const { projectId } = seeded();
  await signIn(page, users.staff);
  await page.goto(`/project/${projectId}`);
  await page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Staging Area' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/stage`);
  await expect(page.getByRole('heading', { name: 'Staging Area' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Content Export' })).toBeVisible();
  await page.getByRole('region', { name: 'Component Showcase' }).getByRole('link', { name: 'Open the component showcase' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/stage/sink`);
  await expect(page.getByRole('heading', { name: 'Component Showcase' })).toBeVisible();

  // Lists without rows: empty, loading, failed.
  const empty = page.getByRole('region', { name: 'List: empty' });
  await expect(empty.getByText('Nothing here yet.')).toBeVisible();
  await expect(empty.getByText('No results were found.')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'List: loading' })).toHaveAttribute('aria-busy', 'true');
  const failed = page.getByRole('region', { name: 'List: failed' }).getByRole('alert');
  await expect(failed).toContainText('An error occurred.');
  await expect(failed).toContainText('Sample failure: this list made no request.');

  // A write form: invalid with the contracts' message, valid, saving, saved, failed.
  const form = page.getByRole('region', { name: 'Write form' });
  const save = form.getByRole('button', { name: 'Save', exact: true });
  await form.getByLabel('Name').fill('A');
  await expect(form.getByText(messages.atLeastChars('Name', 3))).toBeVisible();
  await expect(save).toBeDisabled();
  await form.getByLabel('Name').fill('Sample Desk');
  await expect(form.getByText(messages.atLeastChars('Name', 3))).toHaveCount(0);
  await save.click();
  await expect(save).toHaveAttribute('data-loading', 'true');
  await form.getByRole('button', { name: 'Finish the save' }).click();
  await expect(form.getByText('Saved!')).toBeVisible();
  await expect(save).toBeDisabled();
  await form.getByLabel('Description').fill('A second try');
  await save.click();
  await form.getByRole('button', { name: 'Fail the save' }).click();
  await expect(form.getByTestId('form-error')).toHaveText('Sample failure: nothing was sent.');

  // Confirmations.
  const confirmations = page.getByRole('region', { name: 'Confirmations' });
  await confirmations.getByRole('button', { name: 'Open ConfirmDelete' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete Sample' });
  await expect(confirmDelete).toContainText('This cannot be undone.');
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmDelete).toHaveCount(0);
  await expect(confirmations.getByRole('status')).toHaveText('Confirmed. This sample deleted nothing.');
  await confirmations.getByRole('button', { name: 'Open ConfirmByName' }).click();
  const byName = page.getByRole('dialog', { name: 'Delete Sample Project' });
  await expect(byName).toContainText('Type Sample Project to confirm');
  await expect(byName.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await byName.getByLabel('Project name').fill('Sample Project');
  await byName.getByRole('button', { name: 'Delete' }).click();
  await expect(byName).toHaveCount(0);

  // The rich-text editor counts what is typed.
  const editor = page.getByRole('region', { name: 'Rich-text editor' });
  await page.getByRole('textbox', { name: 'Sample response' }).click();
  await page.keyboard.type('Hello');
  await expect(editor.getByTestId('character-count')).toHaveText(/^5 \/ 4000/);

  // The widget: its welcome, then its error message.
  const sandbox = page.getByRole('region', { name: 'Sandbox' });
  const concierge = DEFAULT_WEB_CHANNEL_CONFIG.concierge.name;
  await sandbox.getByRole('button', { name: `Open ${concierge}` }).click();
  const widget = sandbox.getByRole('dialog', { name: concierge });
  await expect(widget).toContainText(kbPlainText(DEFAULT_WEB_CHANNEL_CONFIG.bubbles.welcomeMessage!).trim());
  await sandbox.getByRole('toolbar', { name: 'Sandbox tools' }).getByRole('button', { name: 'Send Error' }).click();
  await expect(widget).toContainText(kbPlainText(DEFAULT_WEB_CHANNEL_CONFIG.bubbles.errorMessage).trim());
});

test("a staff member downloads the project's content CSV from the staging area, and sees a failed export say so", async ({ page }) => {
  const { projectId } = seeded();
  await signIn(page, users.staff);
  await page.goto(`/project/${projectId}/stage`);
  await page.getByRole('link', { name: 'Open content export' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/stage/content-export`);

  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  const downloading = page.waitForEvent('download');
  await exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(contentExportFileName(projectId));
  const [header] = parse(await readFile(await download.path(), 'utf8'), { bom: true }) as string[][];
  expect(header).toEqual([...CONTENT_EXPORT_COLUMNS]);

  // While the answer is on its way the button waits; a refused export shows the server's words.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/project/*/content/utterances', async (route) => {
    await answered;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ status: 403, title: 'Forbidden', detail: 'The export was refused.', traceback: [] }),
    });
  });
  await exportButton.click();
  await expect(exportButton).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: `Downloading ${contentExportFileName(projectId)}` })).toBeVisible();
  answer();
  await expect(page.getByRole('alert')).toContainText('Forbidden: The export was refused.');
  await expect(exportButton).toBeEnabled();
});

test('anyone but staff is told the staging routes do not exist, and has no link to them', async ({ page }) => {
  const { projectId } = seeded();
  await signIn(page, users.plain);
  for (const path of stagePaths) {
    await page.goto(`/project/${projectId}/${path}`);
    await expect(page.getByText('Route not found.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Staging Area' })).toHaveCount(0);
  }
  await expect(page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Project Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staging Area' })).toHaveCount(0);
});

test('insight is the Inbox, resolver without a topic points to it, suite is the Tests screen; any other project path is not found', async ({ page }) => {
  const { projectId } = seeded();
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/resolver`);
  await expect(page.getByRole('heading', { name: 'Resolver', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'open the Inbox' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/insight$`));
  await expect(page.getByRole('heading', { name: 'Inbox', level: 2 })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Inbox filters' })).toBeVisible();
  await page.goto(`/project/${projectId}/suite`);
  await expect(page.getByRole('heading', { name: 'Tests', level: 2 })).toBeVisible();

  await page.goto(`/project/${projectId}/no-such-area`);
  await expect(page.getByText('Route not found.')).toBeVisible();
});
