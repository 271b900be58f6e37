import type { Locator, Page } from '@playwright/test';

/** Opens a MultiSelect of the builder's panel and picks options by name. */
export async function pick(scope: Locator, label: string, options: string[]) {
  await scope.getByLabel(label, { exact: true }).click();
  for (const option of options) await scope.page().getByRole('option', { name: option, exact: true }).click();
  await scope.page().keyboard.press('Escape');
}

/** Adds an attribute of `type` to the selected node. */
export async function addAttribute(page: Page, type: string) {
  await page.getByRole('button', { name: 'Add Attribute' }).click();
  await page.getByRole('menuitem', { name: type }).click();
}
