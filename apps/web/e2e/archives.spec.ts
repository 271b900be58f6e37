import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveFileName, archiveMessages, cloneName } from '@console/contracts';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

/** The seeded project's row in its workspace's project list. */
function seededProjectRow(page: Page): Locator {
  return page.getByRole('row').filter({ has: page.locator(`a[href="/project/${seeded().projectId}"]`) });
}

async function openWorkspace(page: Page, name: string) {
  await page.goto('/workspace');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

/** Chooses a file in the Import Project dialog through the browser's file chooser. */
async function chooseArchive(page: Page, dialog: Locator, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('Archive File').click();
  await (await chooser).setFiles(file);
}

/** Holds matching calls back a moment, so a dialog's progress text can be seen. */
async function slowCalls(page: Page, pattern: string) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
}

test('a project exported from one workspace is imported into another with its knowledge', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(`/workspace/${seeded().workspaceId}`);
  await seededProjectRow(page).getByRole('button', { name: /Actions for/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(archiveFileName(seeded().projectId));
  const archivePath = await download.path();
  const archive = JSON.parse(await readFile(archivePath, 'utf8')) as {
    format: string;
    version: number;
    project: { display_name: string };
    intents: { intent: string }[];
  };
  expect(archive.format).toBe(ARCHIVE_FORMAT);
  expect(archive.version).toBe(ARCHIVE_VERSION);
  expect(archive.project.display_name).toBe('Help Centre');
  expect(archive.intents.map((intent) => intent.intent)).toContain('Opening Hours');

  await openWorkspace(page, 'Acme Archive');
  await slowCalls(page, '**/api/v1/workspace/*/project/import');
  await page.getByRole('button', { name: 'Import Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Project' });
  await chooseArchive(page, dialog, archivePath);
  await dialog.getByLabel('Name').fill('Help Centre Archive');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Importing...')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('link', { name: 'Help Centre Archive' }).click();
  await expect(page.getByRole('region', { name: 'Project details' })).toContainText('Help Centre Archive');
  await page.getByRole('link', { name: 'Intents' }).click();
  await expect(page.getByRole('row', { name: /Opening Hours/ }).getByRole('cell').nth(1)).toHaveText('2');
  await page.getByRole('link', { name: 'Slots' }).click();
  await expect(page.getByRole('row', { name: /Weekday/ })).toBeVisible();
});

test('a broken file is refused in the Import Project dialog with the reason', async ({ page }) => {
  await signIn(page, users.plain);
  await openWorkspace(page, 'Acme Archive');
  await slowCalls(page, '**/api/v1/workspace/*/project/import');
  await page.getByRole('button', { name: 'Import Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Project' });
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await chooseArchive(page, dialog, {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "assistant-console-project", "version": '),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Importing...')).toBeVisible();
  await expect(dialog.getByText(archiveMessages.notJson)).toBeVisible();
  await expect(dialog.getByText('Importing...')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: /broken/ })).toHaveCount(0);
});

test('a project is cloned under the suggested name, and the copy deleted', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(`/workspace/${seeded().workspaceId}`);
  await seededProjectRow(page).getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Clone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone Project' });
  const copyName = cloneName('Help Centre');
  await expect(dialog.getByLabel('Name')).toHaveValue(copyName);
  await slowCalls(page, '**/api/v1/project/*/clone');
  await dialog.getByRole('button', { name: 'Clone' }).click();
  await expect(dialog.getByText('Cloning...')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const copy = page.getByRole('row', { name: new RegExp(copyName.replace(/[()]/g, '\\$&')) });
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Project' });
  await confirm.getByLabel('Project name').fill(copyName);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(copy).toHaveCount(0);
});
