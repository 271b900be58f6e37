import { expect, type Page } from '@playwright/test';

/**
 * Deploys the deployment whose page is open: Deploy… opens the deploy dialog (the newest version
 * chosen), whose confirm names the version and the deployment.
 */
export async function deployFromItsPage(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Deploy…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Deploy to / });
  await dialog.getByRole('button', { name: /^Deploy version \d+ to / }).click();
  await expect(dialog).toHaveCount(0);
}
