import { expect, type Page } from '@playwright/test';
import { seeded } from './users';

/** A new project of the seeded workspace, created through its page, so what a test does to it changes nothing other tests see. */
export async function createProject(page: Page, name: string): Promise<string> {
  await page.goto(`/workspace/${seeded().workspaceId}`);
  await page.getByRole('button', { name: 'Create Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/')[2]!;
}
