import { expect, test } from '@playwright/test';
import { deploymentMessages } from '@console/contracts';
import { ask, createAnsweredItem } from './support/assistant';
import { deployFromItsPage } from './support/deploy';
import { createProject } from './support/projects';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

const item = {
  subject: 'Parcel lockers',
  response: 'Our parcel lockers stand at every railway station and open day and night.',
  utterances: ['Where can I find a parcel locker?', 'Do you have parcel lockers?', 'parcel locker locations'],
};

test('an editor syncs, deploys and tries the assistant in the Real-Time Test, down to the content behind an answer', async ({ page }) => {
  await signIn(page, users.plain);
  const projectId = await createProject(page, 'Parcel Desk');
  const outOfScope = await page.getByLabel('Out of Scope Response').inputValue();
  expect(outOfScope).not.toBe('');

  // Never synced: Deploy says why it cannot be used, the Real-Time Test asks for a sync first.
  const header = page.getByRole('banner');
  const sync = header.getByRole('button', { name: 'Sync', exact: true });
  const deploy = header.getByRole('button', { name: 'Deploy', exact: true });
  await expect(deploy).toBeDisabled();
  await expect(deploy).toHaveAccessibleDescription(deploymentMessages.notSynced);
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  const drawer = page.getByRole('dialog', { name: 'Real-Time Test' });
  await expect(drawer).toContainText('Sync the project before testing it.');
  await expect(drawer.getByLabel('Your question')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close Real-Time Test' }).click();
  await expect(drawer).toHaveCount(0);

  await createAnsweredItem(page, projectId, item);

  await sync.click();
  await expect(deploy).toBeEnabled();
  await expect(sync).toBeVisible();

  // No deployment chosen yet: Deploy opens the deployments screen, where one is chosen and deployed.
  await deploy.click();
  await expect(page).toHaveURL(`/project/${projectId}/deployment`);
  const table = page.getByRole('table', { name: 'Deployments' });
  // Every project starts with its deployments 'Production' and 'Staging'.
  await expect(table.getByRole('row')).toHaveCount(3);
  await table.getByRole('link', { name: 'Production' }).click();
  await expect(page.getByRole('heading', { name: 'Production', level: 2 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Deployment details' });
  await expect(details.getByRole('row', { name: /^Deployed/ })).toContainText('Never deployed');
  await deployFromItsPage(page);
  await expect(details.getByRole('row', { name: /Deployer/ })).toContainText(users.plain.displayName);
  await expect(details.getByRole('row', { name: /^Deployed/ })).not.toContainText('Never deployed');

  // The Real-Time Test answers from the synced content, with the reasoning behind the answer.
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  await ask(page, 'Where is the nearest parcel locker?');
  const conversation = drawer.getByRole('log', { name: 'Conversation' });
  await expect(conversation).toContainText(item.response);
  await conversation.getByText('Trace', { exact: true }).click();
  const trace = conversation.getByRole('definition');
  await expect(trace.filter({ hasText: `Chosen “${item.subject}” with confidence` })).toBeVisible();
  await expect(trace.filter({ hasText: /^Confidence \d\.\d\d, threshold \d\.\d\d$/ })).toBeVisible();
  await expect(trace.filter({ hasText: 'Jargon applied: none' })).toBeVisible();
  await expect(trace.filter({ hasText: /^Not truncated/ })).toBeVisible();

  await conversation.getByRole('button', { name: 'Open content' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/content/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: item.subject, level: 2 })).toBeVisible();
  await expect(drawer).toHaveCount(0);

  // The conversation survives the visit; a question the content does not cover gets the out-of-scope response.
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  await expect(conversation).toContainText(item.response);
  await ask(page, 'What is the boiling point of mercury on Venus?');
  await expect(conversation.getByText(outOfScope)).toBeVisible();
  await expect(conversation.getByRole('button', { name: 'Open content' })).toHaveCount(1);
});

test('a deployment is created and given its allowed origins', async ({ page }) => {
  const { projectId } = seeded();
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/deployment`);
  await page.getByRole('button', { name: 'Create Deployment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Deployment' });
  await dialog.getByLabel('Name').fill('St');
  await expect(dialog.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('Staging');
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/deployment/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Staging', level: 2 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Deployment details' });
  const key = (await details.getByRole('row', { name: /Deployment Key/ }).getByRole('cell').innerText()).trim();
  await expect(details.getByRole('link', { name: 'See Conversations' })).toHaveAttribute(
    'href',
    `/project/${projectId}/conv?deployment_key__eq=${key}`,
  );
  await expect(details.getByRole('link', { name: 'Help Centre' })).toHaveAttribute('href', `/project/${projectId}`);
  await expect(details.getByRole('link', { name: 'Acme Support' })).toHaveAttribute('href', `/workspace/${seeded().workspaceId}`);

  const form = page.getByRole('region', { name: 'Edit deployment' });
  const origins = form.getByLabel('Allowed Origins');
  await origins.fill('shop.example.com');
  await origins.press('Enter');
  await expect(form.getByText('Allowed Origin is not a valid URL: shop.example.com')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByRole('button', { name: 'Remove origin shop.example.com' }).click();
  await origins.fill('https://shop.example.com');
  await origins.press('Enter');
  await origins.fill('http://localhost:3000');
  await origins.press('Enter');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved!')).toBeVisible();
  await page.reload();
  await expect(details.getByRole('row', { name: /Allowed Origins/ })).toContainText('https://shop.example.com, http://localhost:3000');

  // The list shows it beside Production.
  await page.getByRole('main').getByRole('link', { name: 'Deployments' }).click();
  await expect(page.getByRole('table', { name: 'Deployments' }).getByRole('row', { name: /Staging/ })).toContainText(key);
});

test('a failed sync shows its error on the button, cut to 10 characters, for 5 seconds', async ({ page }) => {
  const detail = 'The snapshot could not be compiled in time.';
  await page.route('**/api/v1/project/*/sync', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ status: 409, title: 'Conflict', detail, traceback: [] }) }),
  );
  await page.clock.install();
  await signIn(page, users.plain);
  await page.goto(`/project/${seeded().projectId}/source`);

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sync', exact: true }).click();
  const failed = header.getByRole('button', { name: `Sync failed: Conflict: ${detail}` });
  await expect(failed).toHaveText('The snapsh...');
  await expect(failed).toHaveAttribute('title', `Conflict: ${detail}`);

  await page.clock.fastForward(3_000);
  await expect(failed).toHaveText('The snapsh...');
  await page.clock.fastForward(2_100);
  await expect(failed).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Sync', exact: true })).toBeVisible();
});
