import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';
import { users } from './support/users';

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A super user creates a workspace from the workspace list and opens it. */
async function openNewWorkspace(page: Page, name: string) {
  await page.goto('/workspace');
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  const create = page.getByRole('dialog', { name: 'Create Workspace' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toHaveCount(0);
  await page.goto(`/workspace?display_name__like=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('a super user edits, resets, blocks and deletes a user', async ({ page }) => {
  await signIn(page, users.admin);
  await page.goto('/user');
  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  await create.getByLabel('Name').fill('Dorothy Vaughan');
  await create.getByLabel('Email').fill('dorothy@console.test');
  await create.getByLabel('Password', { exact: true }).fill('Fortran#1961');
  await create.getByLabel('Confirm Password').fill('Fortran#1961');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);

  // Given a password, the user signs in with it: no invitation was made or mailed; no reset yet.
  const invitation = page.locator('section', { has: page.getByRole('heading', { name: 'Invitation' }) });
  await expect(invitation.getByText('None Found')).toBeVisible();
  await expect(invitation.getByText(/^\d{6}$/)).toHaveCount(0);
  const reset = page.locator('section', { has: page.getByRole('heading', { name: 'Password Reset Request' }) });
  await expect(reset.getByText('None Found')).toBeVisible();
  // Without the tick the button reads as disabled; pressing it anyway says why (label + message).
  await expect(reset.getByRole('button', { name: 'Reset Code' })).toHaveAttribute('aria-disabled', 'true');
  await reset.getByRole('button', { name: 'Reset Code' }).click({ force: true });
  await expect(reset.getByText('Confirm that you want to reset this code')).toHaveCount(2);
  await expect(reset.getByText(/^\d{6}$/)).toHaveCount(0);
  await reset.getByLabel('Confirm that you want to reset this code').check();
  await reset.getByLabel('Send Email').uncheck();
  await reset.getByRole('button', { name: 'Reset Code' }).click();
  await expect(reset.getByText(/^\d{6}$/)).toBeVisible();

  const profile = page.locator('section', { has: page.getByRole('heading', { name: 'Profile' }) });
  await profile.getByLabel('Name').fill('Dorothy J. Vaughan');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Saved!')).toBeVisible();
  await expect(page.getByText('Dorothy J. Vaughan').first()).toBeVisible();

  // A super user sets another user's password without being asked for theirs.
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);

  const privileges = page.locator('section', { has: page.getByRole('heading', { name: 'Privileges' }) });
  await expect(privileges.getByRole('button', { name: 'Save Privileges' })).toBeDisabled();
  await chooseOption(page, privileges, 'Status', 'Blocked');
  await privileges.getByRole('button', { name: 'Save Privileges' }).click();
  await expect(privileges.getByText('Saved!')).toBeVisible();

  await page.getByRole('button', { name: 'Delete User' }).click();
  await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await page.getByLabel('Filter by Email').fill('dorothy@');
  await expect(page.getByText('No results were found.')).toBeVisible();
});

test('on their own profile a user sees their details and password form, but no privileges or codes', async ({ page }) => {
  await signIn(page, users.admin);
  await page.getByRole('button', { name: new RegExp(users.admin.displayName) }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(users.admin.email).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privileges' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Password Reset Request' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  // One's own password is changed only with the current one.
  await expect(page.getByLabel('Current Password')).toBeVisible();
});

test('a super user runs a workspace: update, projects deleted by name, members, and the workspace itself', async ({
  page,
}) => {
  await signIn(page, users.admin);
  await openNewWorkspace(page, 'Contoso Helpdesk');

  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const update = page.getByRole('dialog', { name: 'Update Workspace' });
  await update.getByLabel('Description').fill('Second-line support');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update.getByText('Saved!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Second-line support')).toBeVisible();

  // Projects need a role in the workspace: the super user joins as admin first.
  await page.getByRole('link', { name: 'Memberships' }).click();
  await page.getByRole('button', { name: 'Join this Workspace' }).click();
  const join = page.getByRole('dialog', { name: 'Join this Workspace' });
  await chooseOption(page, join, 'Role', 'admin');
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('button', { name: 'Join this Workspace' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Member' }).click();
  const add = page.getByRole('dialog', { name: 'Add Member to Workspace' });
  await add.getByLabel('Email').fill(users.forgetful.email);
  await add.getByRole('button', { name: 'Add' }).click();
  const memberRow = page.getByRole('row', { name: new RegExp(users.forgetful.displayName) });
  await expect(memberRow).toContainText('viewer');
  // Nobody deletes their own membership.
  const ownRow = page.getByRole('row', { name: new RegExp(users.admin.email) });
  await expect(ownRow.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
  await memberRow.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete Membership' }).click();
  await page.getByRole('dialog', { name: 'Delete Membership' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(users.forgetful.displayName) })).toHaveCount(0);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Contoso Helpdesk' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Project' }).click();
  const createProject = page.getByRole('dialog', { name: 'Create Project' });
  await createProject.getByLabel('Name').fill('Returns Desk');
  await createProject.getByRole('button', { name: 'Create' }).click();
  const projectRow = page.getByRole('row', { name: /Returns Desk/ });
  await expect(projectRow).toContainText('Not Synced');

  await projectRow.getByRole('button', { name: 'Actions for Returns Desk' }).click();
  await expect(page.getByRole('menuitem', { name: 'Clone' })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Export' })).toBeEnabled();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleteProject = page.getByRole('dialog', { name: 'Delete Project' });
  await deleteProject.getByLabel('Project name').fill('Returns');
  await expect(deleteProject.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await deleteProject.getByLabel('Project name').fill('Returns Desk');
  await deleteProject.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Returns Desk/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Contoso Helpdesk' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Workspace' }).click();
  const deleteWorkspace = page.getByRole('dialog', { name: 'Delete Workspace' });
  await deleteWorkspace.getByLabel('Workspace name').fill('Contoso Helpdesk');
  await deleteWorkspace.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('link', { name: 'Contoso Helpdesk' })).toHaveCount(0);
});

test('a user sends a message to support', async ({ page }) => {
  await signIn(page, users.plain);
  await page.getByRole('button', { name: new RegExp(users.plain.displayName) }).click();
  await page.getByRole('menuitem', { name: 'Get Support' }).click();
  await page.getByRole('button', { name: 'Send Message to Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Message to Support' });
  await dialog.getByLabel('Message').fill('Short');
  await expect(dialog.getByText('Message must be at least 8 characters')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Message').fill('The export button does nothing on Firefox.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your message has been sent.')).toBeVisible();
});

test('an ordinary user is refused the admin screens', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto('/admin');
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await page.goto('/user');
  await expect(page.getByRole('button', { name: 'Create User' })).toHaveCount(0);
});

test('a super user on a workspace they have not joined is told that joining it opens projects and members', async ({ page }) => {
  await signIn(page, users.admin);
  await openNewWorkspace(page, 'Fabrikam Care');

  const hint = page.getByRole('note', { name: 'Join this Workspace' });
  await expect(hint).toContainText('Create Project, Import Project and Add Member');
  await expect(page.getByRole('button', { name: 'Create Project' })).toHaveCount(0);
  await hint.getByRole('link', { name: 'Join this Workspace' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByRole('note', { name: 'Join this Workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'Join this Workspace' }).click();
  const join = page.getByRole('dialog', { name: 'Join this Workspace' });
  await chooseOption(page, join, 'Role', 'admin');
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('button', { name: 'Add Member' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Join this Workspace' })).toHaveCount(0);

  await page.goBack();
  await expect(page.getByRole('button', { name: 'Create Project' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Join this Workspace' })).toHaveCount(0);
});
