import { expect, type Page } from '@playwright/test';
import type { SeededUser } from './users';

/** Signs in through the password screen and waits for the shell. */
export async function signIn(page: Page, user: Pick<SeededUser, 'email' | 'password'>) {
  await page.goto('/login/password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Workspace(:|$)/ })).toBeVisible();
}
