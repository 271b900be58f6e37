import { expect, test, type Page } from '@playwright/test';
import { call, signInToken } from './support/api';
import { latestCodeFor, mailCount } from './support/mailbox';
import { createProject } from './support/projects';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

async function chooseOption(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a super user brings a new colleague into a new workspace, who then sees only that workspace', async ({
  page,
  browser,
}) => {
  const colleague = { email: 'katherine@console.test', displayName: 'Katherine Johnson', password: 'Orbit#Math1962' };
  await signIn(page, users.admin);

  await page.getByRole('button', { name: new RegExp(users.admin.displayName) }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText('User Management')).toBeVisible();
  await expect(page.getByText('Workspace Management')).toBeVisible();

  await page.goto('/workspace');
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  const createWorkspace = page.getByRole('dialog', { name: 'Create Workspace' });
  await createWorkspace.getByLabel('Name').fill('Northwind Support');
  await createWorkspace.getByLabel('Description').fill('Customer care for Northwind');
  await createWorkspace.getByRole('button', { name: 'Create' }).click();
  await expect(createWorkspace).toHaveCount(0);
  await page.goto('/workspace?display_name__like=Northwind');
  await page.getByRole('link', { name: 'Northwind Support' }).click();
  await expect(page).toHaveURL(/\/workspace\/[0-9a-f-]{36}$/);
  const workspaceUrl = new URL(page.url()).pathname;

  await page.goto('/user');
  await page.getByRole('button', { name: 'Create User' }).click();
  const createUser = page.getByRole('dialog', { name: 'Create User' });
  await createUser.getByLabel('Name').fill(colleague.displayName);
  await createUser.getByLabel('Email').fill(colleague.email);
  await createUser.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);
  await expect(page.getByText(colleague.email).first()).toBeVisible();

  // A super user is not a member of the workspaces they create: they join to manage its members.
  await page.goto(`${workspaceUrl}/membership`);
  await page.getByRole('button', { name: 'Join this Workspace' }).click();
  const join = page.getByRole('dialog', { name: 'Join this Workspace' });
  await chooseOption(page, join, 'Role', 'admin');
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('row', { name: new RegExp(users.admin.email) })).toContainText('admin');

  await page.getByRole('button', { name: 'Add Member' }).click();
  const addMember = page.getByRole('dialog', { name: 'Add Member to Workspace' });
  await addMember.getByLabel('Email').fill(colleague.email);
  await chooseOption(page, addMember, 'Role', 'editor');
  await addMember.getByRole('button', { name: 'Add' }).click();
  const memberRow = page.getByRole('row', { name: new RegExp(colleague.displayName) });
  await expect(memberRow).toContainText('editor');

  // The colleague accepts the invitation from the mail, in a browser of their own.
  const invited = await browser.newPage();
  const inviteCode = await latestCodeFor(colleague.email);
  await invited.goto(`/login/invite/${encodeURIComponent(colleague.email)}/${inviteCode}`);
  await invited.getByLabel('Password', { exact: true }).fill(colleague.password);
  await invited.getByLabel('Confirm Password').fill(colleague.password);
  await invited.getByLabel('I agree to the terms of use').check();
  await invited.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(invited).toHaveURL(/\/login\/password/);

  await invited.getByLabel('Email').fill(colleague.email);
  await invited.getByLabel('Password', { exact: true }).fill(colleague.password);
  const mailsBefore = await mailCount(colleague.email);
  await invited.getByRole('button', { name: 'Sign In' }).click();
  // New users have MFA on by default.
  await expect(invited).toHaveURL(/\/login\/mfa/);
  await invited.getByLabel('Code').fill(await latestCodeFor(colleague.email, mailsBefore));
  await invited.getByRole('button', { name: 'Verify' }).click();

  await expect(invited).toHaveURL(/\/workspace$/);
  await expect(invited.getByRole('link', { name: 'Northwind Support' })).toBeVisible();
  await expect(invited.getByText('Acme Support')).toHaveCount(0);
  await expect(invited.getByText('Branch 01')).toHaveCount(0);
  // No Admin Panel for an ordinary user, and the API refuses the admin screens.
  await invited.getByRole('button', { name: new RegExp(colleague.displayName) }).click();
  await expect(invited.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await invited.close();
});

test('an API key is created, shown once, copied, deactivated and deleted', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, users.plain);
  await page.goto(`/workspace/${seeded().workspaceId}/api-key`);
  await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();

  await page.getByRole('button', { name: 'Create API Key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API Key' });
  await create.getByLabel('Name', { exact: true }).fill('Reporting');
  await create.getByLabel('Description').fill('Nightly export to the warehouse');
  // The key reads the conversations of the deployment picked by its project's and its own name.
  await create.getByLabel('Deployment', { exact: true }).fill('Help Centre');
  await page.getByRole('option', { name: 'Help Centre / Production', exact: true }).click();
  await chooseOption(page, create, 'Scopes', 'read_conversation_store');
  await page.keyboard.press('Escape');
  await create.getByRole('button', { name: 'Create' }).click();

  const created = page.getByRole('dialog', { name: 'Created API Key' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('This key will not be shown again.');
  await expect(created.getByText(/ack_/)).toHaveCount(0);
  await created.getByRole('button', { name: 'Reveal' }).click();
  const key = (await created.getByText(/^ack_/).textContent())!.trim();
  expect(key).toMatch(/^ack_[A-Za-z0-9_-]{40,}$/);
  await created.getByRole('button', { name: 'Copy' }).click();
  await expect(created.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // How it is used: the header it goes in and the routes it reads.
  const usage = created.getByRole('region', { name: 'How to use the key' });
  await expect(usage).toContainText('Authorization: Bearer <key>');
  await expect(usage).toContainText('GET /api/v1/conversation-store/conv');
  await expect(usage).toContainText('GET /api/v1/conversation-store/conv/{convId}');
  await expect(usage).toContainText('GET /api/v1/conversation-store/query');
  await created.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /Reporting/ });
  await expect(row).toContainText(key.slice(-4));
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);

  await row.getByRole('button', { name: 'Actions for Reporting' }).click();
  await page.getByRole('menuitem', { name: 'Update' }).click();
  const update = page.getByRole('dialog', { name: 'Update API Key' });
  await chooseOption(page, update, 'Status', 'Inactive');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update.getByText('Saved!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Inactive');

  await row.getByRole('button', { name: 'Actions for Reporting' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Reporting/ })).toHaveCount(0);
  await expect(page.getByText('No API keys yet.')).toBeVisible();
});

test('list paging, sorting and filtering live in the query string and survive a reload', async ({ page }) => {
  await signIn(page, users.admin);
  await page.goto('/workspace');
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort_field=display_name/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

  await page.getByLabel('Filter by Name').fill('Branch');
  await expect(page).toHaveURL(/display_name__like=Branch/);
  await expect(page.getByText('12 results')).toBeVisible();
  const firstPage = page.getByRole('row').filter({ hasText: 'Branch' });
  await expect(firstPage).toHaveCount(10);
  await expect(firstPage.first()).toContainText('Branch 01');

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/offset=10/);
  const secondPage = page.getByRole('row').filter({ hasText: 'Branch' });
  await expect(secondPage).toHaveCount(2);
  await expect(secondPage.first()).toContainText('Branch 11');

  await page.reload();
  await expect(page.getByLabel('Filter by Name')).toHaveValue('Branch');
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').filter({ hasText: 'Branch' })).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: 'Branch' }).last()).toContainText('Branch 12');

  await page.getByLabel('Filter by Status').click();
  await page.getByRole('option', { name: 'Blocked', exact: true }).click();
  await expect(page).toHaveURL(/status__eq=blocked/);
  await expect(page.getByText('4 results')).toBeVisible();
});

test("a new API key's deployment is picked among the workspace's deployments, each named with its project", async ({ page, request }) => {
  const { workspaceId } = seeded();
  const token = await signInToken(request, users.plain);
  const project = await call<{ id: string }>(request, 'post', `/workspace/${workspaceId}/project`, token, { display_name: 'Key Desk' });
  await call(request, 'post', `/project/${project.id}/deployment`, token, { display_name: 'Kiosk' });

  await signIn(page, users.plain);
  await page.goto(`/workspace/${workspaceId}/api-key`);
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API Key' });
  const deployment = create.getByLabel('Deployment', { exact: true });
  await deployment.click();
  await expect(page.getByRole('option', { name: 'Help Centre / Production', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Key Desk / Kiosk', exact: true })).toBeVisible();
  await deployment.fill('kiosk');
  await expect(page.getByRole('option')).toHaveText(['Key Desk / Kiosk']);
  await page.getByRole('option', { name: 'Key Desk / Kiosk' }).click();
  await expect(deployment).toHaveValue('Key Desk / Kiosk');

  await create.getByLabel('Name', { exact: true }).fill('Kiosk export');
  await chooseOption(page, create, 'Scopes', 'read_conversation_store');
  await page.keyboard.press('Escape');
  await create.getByRole('button', { name: 'Create' }).click();
  const created = page.getByRole('dialog', { name: 'Created API Key' });
  await expect(created).toContainText('Kiosk export');
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: /Kiosk export/ })).toBeVisible();
});

test('a member of a project alone finds it under All Projects, and its workspace page lists it', async ({ page, browser }) => {
  await signIn(page, users.plain);
  const projectId = await createProject(page, 'Guest Desk');
  await page.goto(`/project/${projectId}/membership`);
  await page.getByRole('button', { name: 'Add Member' }).click();
  const add = page.getByRole('dialog', { name: 'Add Member' });
  await add.getByLabel('Email').fill(users.guest.email);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);

  const guest = await browser.newPage();
  await signIn(guest, users.guest);
  await expect(guest).toHaveURL(/\/workspace$/);
  // Nothing was searched: the empty list says what to do, not that a search found nothing.
  await expect(guest.getByText('No workspaces yet.')).toBeVisible();
  await expect(guest.getByText('You are not a member of any workspace yet: ask a workspace admin to add you.')).toBeVisible();
  await expect(guest.getByText('No results were found.')).toHaveCount(0);
  await guest.getByLabel('Filter by Name').fill('Acme');
  await expect(guest.getByText('No results were found.')).toBeVisible();
  await expect(guest.getByText('Try adjusting your search parameters.')).toBeVisible();
  await expect(guest.getByText('No workspaces yet.')).toHaveCount(0);
  await guest.getByRole('link', { name: 'All Projects' }).click();
  await expect(guest).toHaveURL(/\/project$/);
  const row = guest.getByRole('row', { name: /Guest Desk/ });
  await expect(row).toContainText('Acme Support');
  await expect(row).toContainText('viewer');
  await expect(guest.getByRole('row', { name: /Help Centre/ })).toHaveCount(0);
  await row.getByRole('link', { name: 'Guest Desk' }).click();
  await expect(guest).toHaveURL(`/project/${projectId}`);
  await expect(guest.getByRole('heading', { name: 'Project Settings' })).toBeVisible();

  await guest.goto(`/workspace/${seeded().workspaceId}`);
  await expect(guest.getByRole('heading', { name: 'Acme Support', level: 2 })).toBeVisible();
  await expect(guest.getByRole('note', { name: 'Project access' })).toContainText('not a member of this workspace');
  await expect(guest.getByRole('link', { name: 'Guest Desk' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Help Centre' })).toHaveCount(0);
  await guest.close();
});
