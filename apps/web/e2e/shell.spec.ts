import { expect, test, type Page } from '@playwright/test';
import { AUTH_STORAGE_KEY, authStorageSchema } from '@console/contracts';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

test('the sidebar is dimmed until a project is chosen, and the shell state survives a reload', async ({ page }) => {
  await signIn(page, users.plain);
  const sources = page.getByRole('link', { name: 'Sources' });
  await expect(sources).toHaveAttribute('aria-disabled', 'true');

  await page.goto(`/workspace/${seeded().workspaceId}`);
  await expect(page.getByRole('button', { name: 'Project', exact: true })).toBeEnabled();

  await page.goto(`/project/${seeded().projectId}`);
  await expect(sources).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  const drawer = page.getByRole('dialog', { name: 'Real-Time Test' });
  await expect(drawer).toBeVisible();

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Real-Time Test' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sources' })).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('link', { name: 'Sources' })).toHaveAttribute(
    'href',
    `/project/${seeded().projectId}/source`,
  );
  await expect(page.getByRole('banner').getByRole('button', { name: /^Project: / })).toBeEnabled();
});

/** The session's refresh token as the console keeps it. */
async function storedRefreshToken(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY);
  return authStorageSchema.parse(JSON.parse(stored ?? 'null')).refresh_token;
}

/** Signing out must have ended the session on the server: its refresh token is refused. */
async function expectRefused(page: Page, refreshToken: string) {
  const refreshed = await page.request.post('/api/v1/login/refresh', { data: { refresh_token: refreshToken } });
  expect(refreshed.status()).toBe(401);
}

test('super users see the Admin Panel and everyone can sign out', async ({ page }) => {
  await signIn(page, users.admin);
  await page.getByRole('button', { name: new RegExp(users.admin.displayName) }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const refreshToken = await storedRefreshToken(page);
  await page.getByRole('button', { name: new RegExp(users.admin.displayName) }).click();
  const signedOut = page.waitForResponse('**/api/v1/login/sign-out');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login\/password/);
  expect((await signedOut).status()).toBe(204);
  await expectRefused(page, refreshToken);
  await page.goto('/workspace');
  await expect(page).toHaveURL(/\/login\/password/);
});

test('inactivity warns two minutes before the limit, counts down, and Stay Logged In keeps the session', async ({ page }) => {
  await page.clock.install();
  await signIn(page, users.plain);

  await page.clock.fastForward('27:59');
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toHaveCount(0);
  await page.clock.fastForward('00:02');
  const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/11[89]/);
  await page.clock.runFor(10_000);
  await expect(warning).toContainText(/10[89]/);

  await warning.getByRole('button', { name: 'Stay Logged In' }).click();
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward('27:00');
  await expect(page).not.toHaveURL(/\/login/);
});

test('inactivity signs the user out at thirty minutes', async ({ page }) => {
  await page.clock.install();
  await signIn(page, users.plain);

  await page.clock.fastForward('28:01');
  await expect(page.getByRole('dialog', { name: 'Session Timeout Warning' })).toBeVisible();
  const refreshToken = await storedRefreshToken(page);
  const signedOut = page.waitForResponse('**/api/v1/login/sign-out');
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/login\/password/);
  expect((await signedOut).status()).toBe(204);
  await expectRefused(page, refreshToken);
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY);
  expect(stored).toBeNull();
});

test('Log Out Now ends the session from the warning', async ({ page }) => {
  await page.clock.install();
  await signIn(page, users.plain);
  await page.clock.fastForward('28:30');
  await page.getByRole('button', { name: 'Log Out Now' }).click();
  await expect(page).toHaveURL(/\/login\/password/);
});
