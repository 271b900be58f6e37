import { expect, test } from '@playwright/test';
import { SUPPORT_ADDRESS, TERMS_ADDRESS, users } from './support/users';
import { latestCodeFor, latestMailTo, mailCount } from './support/mailbox';
import { signIn } from './support/sign-in';

test('a user signs in with a password and lands in the console shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/password/);

  await page.getByLabel('Email').fill(users.plain.email);
  await page.getByLabel('Password', { exact: true }).fill(users.plain.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Workspace(:|$)/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Project', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: new RegExp(users.plain.displayName) }).click();
  await expect(page.getByText(users.plain.email)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Get Support' })).toBeVisible();
  // Only super users see the Admin Panel.
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
});

test('a wrong password is refused with the server message under the button', async ({ page }) => {
  await page.goto('/login/password');
  await page.getByLabel('Email').fill(users.plain.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/password/);
});

test('a refusal goes as soon as the user edits the form, so it never stands beside a new hint', async ({ page }) => {
  await page.goto('/login/password');
  await page.getByLabel('Email').fill(users.plain.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Wrong#Password1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const refusal = page.getByText('Incorrect email or password.');
  await expect(refusal).toBeVisible();

  await password.fill('short');
  await expect(page.getByText('Hint: Password must be at least 8 characters')).toBeVisible();
  await expect(refusal).toHaveCount(0);

  // Editing back to the refused values does not bring the old answer back: only a new call answers.
  await password.fill('Wrong#Password1');
  await expect(refusal).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(refusal).toBeVisible();
});

test('an invalid field shows a hint and disables submit', async ({ page }) => {
  await page.goto('/login/password');
  await page.getByLabel('Email').fill(users.plain.email);
  await page.getByLabel('Password', { exact: true }).fill('short');

  await expect(page.getByText('Hint: Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
});

test('a user with MFA signs in with the code from the e-mail', async ({ page }) => {
  await page.goto('/login/password');
  await page.getByLabel('Email').fill(users.mfa.email);
  await page.getByLabel('Password', { exact: true }).fill(users.mfa.password);
  const mailsBefore = await mailCount(users.mfa.email);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('MFA required - an email has been sent to the account holder.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/mfa/);
  const code = await latestCodeFor(users.mfa.email, mailsBefore);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Workspace(:|$)/ })).toBeVisible();
});

test('a user who forgot the password resets it and signs in with the new one', async ({ page }) => {
  await page.goto('/login/password');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/login\/forgot/);
  await page.getByLabel('Email').fill(users.forgetful.email);
  const mailsBefore = await mailCount(users.forgetful.email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByText('An email has been sent to the account holder.')).toBeVisible();

  const code = await latestCodeFor(users.forgetful.email, mailsBefore);
  await page.goto(`/login/reset/${encodeURIComponent(users.forgetful.email)}/${code}`);
  await expect(page.getByLabel('Code')).toHaveValue(code);
  const newPassword = 'Brand#New2026';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page).toHaveURL(/\/login\/password/);
  await page.getByLabel('Email').fill(users.forgetful.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
});

test('unknown paths show the not-found view', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto('/no/such/place');
  await expect(page.getByText('Route not found.')).toBeVisible();
});

test('Contact Us lets a signed-out person write to support, who can answer them', async ({ page }) => {
  const message = 'My invitation code expired before I could use it.';
  await page.goto('/login');
  await page.getByLabel('Email').fill('new.colleague@customer.test');
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL('/login/contact/new.colleague@customer.test');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('new.colleague@customer.test');
  await expect(page.getByRole('link', { name: SUPPORT_ADDRESS })).toHaveAttribute('href', `mailto:${SUPPORT_ADDRESS}`);

  await page.getByLabel('Message').fill('Help');
  await expect(page.getByText('Hint: Message must be at least 8 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Your message has been sent.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/contact/);

  const mail = await latestMailTo(SUPPORT_ADDRESS, (received) => received.text.includes(message));
  expect(mail.replyTo).toBe('new.colleague@customer.test');
});

test("accepting an invitation links the operator's terms of use, or says that none were published", async ({ page }) => {
  const invite = `/login/invite/${encodeURIComponent('new.colleague@console.test')}/123456`;
  await page.goto(invite);
  const agree = page.getByRole('checkbox', { name: 'I agree to the terms of use' });
  await expect(agree).toBeVisible();
  const terms = page.getByRole('link', { name: 'terms of use' });
  await expect(terms).toHaveAttribute('href', TERMS_ADDRESS);
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(page.getByText('has not published terms of use')).toHaveCount(0);

  // An operator who set no TERMS_URL: the agreement stays, with no link, and says why.
  await page.route('**/api/v1/about', async (route) => {
    const about = await (await route.fetch()).json();
    await route.fulfill({ json: { ...about, terms_url: null } });
  });
  await page.goto(invite);
  await expect(agree).toBeVisible();
  await expect(page.getByText('The operator of this console has not published terms of use.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'terms of use' })).toHaveCount(0);
});
