import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { deploymentMessages, versionMessages, type Deployment, type ListResponse, type Project } from '@console/contracts';
import { call, signInToken } from './support/api';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

const hours = {
  subject: 'Opening hours',
  before: 'Our shop opens at nine in the morning and closes at six in the evening, Monday to Friday.',
  after: 'Our shop opens at eight in the morning and closes at six in the evening, Monday to Saturday.',
  utterances: ['When do you open?'],
  added: 'Are you open on Saturday?',
};

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/**
 * A project of Ada's with two versions: version 1 ('Weekday hours') answers the opening hours one
 * way, version 2 (unsynced until `syncTwice`) another, with one more utterance. Built through the API
 * so each test starts from the versions it is about.
 */
async function projectWithTwoVersions(request: APIRequestContext, name: string, { syncSecond = true } = {}) {
  const token = await signInToken(request, users.plain);
  const project = await call<Project>(request, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: name });
  const item = await call<{ id: string }>(request, 'post', `/project/${project.id}/content`, token, { subject: hours.subject });
  await call(request, 'put', `/content/${item.id}/response`, token, { response_pm: doc(hours.before) });
  for (const text of hours.utterances) await call(request, 'post', `/content/${item.id}/utterance`, token, { text });
  await call(request, 'post', `/project/${project.id}/sync`, token, { note: 'Weekday hours' });
  await call(request, 'put', `/content/${item.id}/response`, token, { response_pm: doc(hours.after) });
  await call(request, 'post', `/content/${item.id}/utterance`, token, { text: hours.added });
  if (syncSecond) await call(request, 'post', `/project/${project.id}/sync`, token, { note: 'Saturday hours' });
  const deployments = await call<ListResponse<Deployment>>(request, 'get', `/project/${project.id}/deployment`, token);
  const named = (display: string) => deployments.records.find((deployment) => deployment.display_name === display)!;
  const deploy = (deployment: Deployment, version: number) =>
    call<Deployment>(request, 'post', `/project/${project.id}/deployment/${deployment.id}/deploy`, token, { version });
  return { token, projectId: project.id, production: named('Production'), staging: named('Staging'), deploy };
}

const detailsRow = (page: Page, label: string) => page.getByRole('region', { name: 'Deployment details' }).getByRole('row', { name: new RegExp(`^${label}`) });
const history = (page: Page) => page.getByRole('table', { name: 'Deploy history' });

test('the versions list names each sync, and a version shows what changed since the one Production answers from', async ({ page, request }) => {
  const { projectId, production, deploy } = await projectWithTwoVersions(request, 'Version Desk', { syncSecond: false });
  await deploy(production, 1);
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}`);

  // The header knows the project by name, that it holds unsynced changes, and what Production answers from.
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Project: Version Desk' })).toBeVisible();
  await expect(header.getByText('Unsynced changes')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Production: v1' })).toBeVisible();
  await header.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Synced version 2' })).toBeVisible();
  await expect(header.getByText('Unsynced changes')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Versions' }).click();
  await expect(page.getByText(versionMessages.pruning)).toBeVisible();
  const table = page.getByRole('table', { name: 'Versions' });
  const first = table.getByRole('row', { name: /Version 1/ });
  await expect(first).toContainText('Weekday hours');
  await expect(first).toContainText(users.plain.displayName);
  await expect(first).toContainText('1 content item, 0 intents, 1 utterance');
  await expect(first.getByRole('link', { name: 'Production' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Version 2/ })).toContainText('2 utterances');

  // Version 2 against Production's version 1: the response as a word diff, the new utterance as a + chip.
  await table.getByRole('link', { name: 'Version 2' }).click();
  await expect(page.getByRole('heading', { name: 'Version 2', level: 2 })).toBeVisible();
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes.getByLabel('Compare with')).toHaveValue('Version 1: Weekday hours');
  const item = changes.getByRole('article', { name: `Changed: ${hours.subject}` });
  await expect(item.locator('del')).toHaveText(['removed: nine', 'removed: Friday']);
  await expect(item.locator('ins')).toHaveText(['added: eight', 'added: Saturday']);
  await expect(item.getByTitle(`Added: ${hours.added}`)).toBeVisible();

  // Against itself there is nothing to choose; against version 1 chosen in the URL the same changes show.
  await page.goto(`/project/${projectId}/version/2?against=1`);
  await expect(page.getByRole('article', { name: `Changed: ${hours.subject}` })).toBeVisible();
});

test("rollback asks first, naming both versions, and the deployment answers from the earlier one again", async ({ page, request }) => {
  const { projectId, production, deploy } = await projectWithTwoVersions(request, 'Rollback Desk');
  await deploy(production, 1);
  await deploy(production, 2);
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/deployment/${production.id}`);
  await expect(detailsRow(page, 'Version')).toContainText('Version 2');

  await page.getByRole('main').getByRole('button', { name: 'Rollback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll back Production' });
  await expect(dialog).toContainText('Roll back Production from version 2 to version 1?');
  await dialog.getByLabel('Reason').fill('Saturday is not confirmed');
  await dialog.getByRole('button', { name: 'Roll back to version 1' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(detailsRow(page, 'Version')).toContainText('Version 1');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Production: v1' })).toBeVisible();
  const latest = history(page).getByRole('row').nth(1);
  await expect(latest).toContainText('Rollback');
  await expect(latest).toContainText('Version 1');
  await expect(latest).toContainText('Version 2');
  await expect(latest).toContainText('Saturday is not confirmed');
  await expect(latest).toContainText(users.plain.displayName);
});

test('a version deployed to Staging is promoted to Production after showing what changes for its visitors', async ({ page, request }) => {
  const { projectId, production, staging, deploy } = await projectWithTwoVersions(request, 'Promote Desk');
  await deploy(production, 1);
  await signIn(page, users.plain);

  // Staging gets the newest version through the deploy dialog.
  await page.goto(`/project/${projectId}/deployment/${staging.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Deploy…', exact: true }).click();
  const deployDialog = page.getByRole('dialog', { name: 'Deploy to Staging' });
  await expect(deployDialog).toContainText('Staging: no version yet → version 2');
  await deployDialog.getByRole('button', { name: 'Deploy version 2 to Staging' }).click();
  await expect(deployDialog).toHaveCount(0);
  await expect(detailsRow(page, 'Version')).toContainText('Version 2');

  await page.goto(`/project/${projectId}/deployment/${production.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Promote…' }).click();
  const promote = page.getByRole('dialog', { name: 'Promote to Production' });
  await expect(promote.getByLabel('Promote from')).toHaveValue('Staging (version 2)');
  await expect(promote.getByRole('region', { name: 'Changes for visitors' }).getByRole('article', { name: `Changed: ${hours.subject}` })).toBeVisible();
  await expect(promote).toContainText('Production: version 1 → version 2');
  await promote.getByRole('button', { name: 'Promote version 2 from Staging to Production' }).click();
  await expect(promote).toHaveCount(0);

  await expect(detailsRow(page, 'Version')).toContainText('Version 2');
  await expect(history(page).getByRole('row').nth(1)).toContainText('Promote');
});

test('"Require passing tests" refuses an untested version: an editor cannot deploy it, a project admin overrides with a reason', async ({ page, request, browser }) => {
  const { token, projectId, production, deploy } = await projectWithTwoVersions(request, 'Gate Desk');
  await deploy(production, 1);
  await call(request, 'post', `/project/${projectId}/membership`, token, { email: users.guest.email, role: 'editor' });
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/deployment/${production.id}`);
  const settings = page.getByRole('region', { name: 'Edit deployment' });
  await settings.getByLabel('Require passing tests').check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Saved!')).toBeVisible();
  await expect(detailsRow(page, 'Require passing tests')).toContainText('Yes');

  // An editor sees why, and no way past it.
  const editor = await browser.newPage();
  await signIn(editor, users.guest);
  await editor.goto(`/project/${projectId}/deployment/${production.id}`);
  await editor.getByRole('main').getByRole('button', { name: 'Deploy…', exact: true }).click();
  const refused = editor.getByRole('dialog', { name: 'Deploy to Production' });
  await expect(refused).toContainText(deploymentMessages.gateNoRun(2));
  await expect(refused.getByLabel('Override reason')).toHaveCount(0);
  const editorConfirm = refused.getByRole('button', { name: 'Deploy version 2 to Production' });
  await expect(editorConfirm).toBeDisabled();
  await expect(editorConfirm).toHaveAccessibleDescription(deploymentMessages.overrideNeedsAdmin);
  await editor.close();

  // The admin overrides with a reason, which the deploy history keeps.
  await page.getByRole('main').getByRole('button', { name: 'Deploy…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deploy to Production' });
  await expect(dialog).toContainText(deploymentMessages.gateNoRun(2));
  const confirm = dialog.getByRole('button', { name: 'Deploy version 2 to Production' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Override reason').fill('Hotfix: the tests come tomorrow');
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(detailsRow(page, 'Version')).toContainText('Version 2');
  await expect(history(page).getByRole('row').nth(1)).toContainText('Hotfix: the tests come tomorrow');
});
