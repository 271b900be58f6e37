import { expect, test, type Locator } from '@playwright/test';
import { DEFAULT_WEB_CHANNEL_CONFIG, kbPlainText } from '@console/contracts';
import { serveCustomerPage } from './support/customer-site';
import { deployFromItsPage } from './support/deploy';
import { createProject } from './support/projects';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

const channelName = 'Website Chat';
const conciergeName = 'Ada Helper';
const welcome = 'Welcome to the Channel Desk! Ask me anything.';
const titleColor = { hex: '#e03131', css: 'rgb(224, 49, 49)' };
const defaultError = kbPlainText(DEFAULT_WEB_CHANNEL_CONFIG.bubbles.errorMessage).trim();

/** Types a colour into a colour input and closes its picker. */
async function setColor(input: Locator, hex: string) {
  await input.fill(hex);
  await input.press('Escape');
}

test('a web channel is created and edited live in the sandbox, then shows as saved on a customer page', async ({ page }) => {
  await signIn(page, users.plain);
  const projectId = await createProject(page, 'Channel Desk');

  // Create Channel: the name is checked as it is typed; the new channel opens.
  await page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Channels' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/channel`);
  await expect(page.getByText('No channels yet.')).toBeVisible();
  await expect(page.getByText('Create Channel adds the first one.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Channel' }).click();
  const create = page.getByRole('dialog', { name: 'Create Channel' });
  await expect(create.getByLabel('Type')).toHaveValue('Web Chat');
  await create.getByLabel('Name').fill('ab');
  await expect(create.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByLabel('Name').fill(channelName);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/channel/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: channelName, level: 2 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Channel details' });
  await expect(details.getByRole('row', { name: /^Status/ })).toContainText('Draft');
  await expect(details.getByRole('row', { name: /^Type/ })).toContainText('Web Chat');
  const key = (await details.getByRole('row', { name: /^Key/ }).getByRole('cell').innerText()).trim();
  expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);

  // The sandbox draws the real widget with the editor's values as they change.
  const sandbox = page.getByRole('region', { name: 'Sandbox' });
  await expect(sandbox.getByRole('button', { name: `Open ${DEFAULT_WEB_CHANNEL_CONFIG.concierge.name}` })).toBeVisible();
  await page.getByLabel('Concierge Name').fill(conciergeName);
  await sandbox.getByRole('button', { name: `Open ${conciergeName}` }).click();
  const window = sandbox.getByRole('dialog', { name: conciergeName });
  const title = window.getByRole('heading', { name: conciergeName });
  await expect(title).toBeVisible();
  await setColor(page.getByLabel('Title Color', { exact: true }), titleColor.hex);
  await expect(title).toHaveCSS('color', titleColor.css);

  // A colour that is not one yet: the field says so, the sandbox keeps the last valid colour.
  await page.getByLabel('Title Color', { exact: true }).fill('#e0');
  await expect(page.getByText('Title Color must be a colour like #1c7ed6')).toBeVisible();
  await expect(title).toHaveCSS('color', titleColor.css);
  await setColor(page.getByLabel('Title Color', { exact: true }), titleColor.hex);

  // The KB Builder edits the welcome message; the error message cannot be cleared.
  await page.getByRole('button', { name: 'Edit Welcome Message' }).click();
  const builder = page.getByRole('dialog', { name: 'KB Builder: Welcome Message' });
  const editor = builder.getByRole('textbox', { name: 'Welcome Message' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(welcome);
  await builder.getByRole('button', { name: 'Save' }).click();
  await expect(builder).toHaveCount(0);
  await expect(window).toContainText(welcome);
  await page.getByRole('button', { name: 'Edit Error Message' }).click();
  const errorBuilder = page.getByRole('dialog', { name: 'KB Builder: Error Message' });
  await expect(errorBuilder.getByRole('button', { name: 'Clear' })).toHaveCount(0);
  await errorBuilder.getByRole('button', { name: 'Cancel' }).click();
  await expect(errorBuilder).toHaveCount(0);

  // Each slider's range and step, as the contracts' WEB_CHANNEL_RANGES set them.
  const sliders = [
    ['Background Blur', 0, 5],
    ['Full Width', 400, 1200],
    ['Side Width', 400, 800],
    ['Max Bubble Width', 200, 500],
    ['Response Timeout', 3000, 30000],
  ] as const;
  for (const [name, min, max] of sliders) {
    const slider = page.getByRole('slider', { name });
    await expect(slider).toHaveAttribute('aria-valuemin', String(min));
    await expect(slider).toHaveAttribute('aria-valuemax', String(max));
  }
  const blur = page.getByRole('slider', { name: 'Background Blur' });
  await blur.focus();
  await blur.press('ArrowRight');
  await expect(blur).toHaveAttribute('aria-valuetext', '0.1 px');
  await blur.press('ArrowLeft');
  await expect(blur).toHaveAttribute('aria-valuetext', '0.0 px');
  const timeout = page.getByRole('slider', { name: 'Response Timeout' });
  await timeout.focus();
  await timeout.press('ArrowRight');
  await expect(timeout).toHaveAttribute('aria-valuetext', '10250 ms');

  // The sandbox's tools.
  const tools = sandbox.getByRole('toolbar', { name: 'Sandbox tools' });
  await tools.getByRole('button', { name: 'Send Error' }).click();
  await expect(window).toContainText(defaultError);
  await tools.getByRole('button', { name: 'Reset Session' }).click();
  await expect(window).not.toContainText(defaultError);
  await expect(window).toContainText(welcome);

  // Save stores the configuration; the editor's values survive a reload.
  await tools.getByRole('button', { name: 'Save' }).click();
  await expect(tools.getByText('Saved!')).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('Concierge Name')).toHaveValue(conciergeName);
  await expect(page.getByLabel('Title Color', { exact: true })).toHaveValue(titleColor.hex);

  // Only an active channel shows on customers' pages.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Update' }).click();
  const update = page.getByRole('dialog', { name: 'Update Channel' });
  await update.getByLabel('Name').fill('ab');
  await expect(update.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(update.getByRole('button', { name: 'Save' })).toBeDisabled();
  await update.getByLabel('Name').fill(channelName);
  await update.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update.getByText('Saved!')).toBeVisible();
  await update.getByRole('button', { name: 'Close' }).click();
  await expect(details.getByRole('row', { name: /^Status/ })).toContainText('Active');

  // The snippet names the project's deployment and the channel.
  const snippet = (await page.getByRole('region', { name: 'Embed' }).getByLabel('Snippet').innerText()).trim();
  expect(snippet).toContain(`data-channel-key="${key}"`);
  const site = await serveCustomerPage(snippet, { title: 'Customer site' });
  try {
    // Sync, allow the customer's origin, deploy.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect(header.getByRole('button', { name: 'Deploy', exact: true })).toBeEnabled();
    await page.goto(`/project/${projectId}/deployment`);
    await page.getByRole('table', { name: 'Deployments' }).getByRole('link', { name: 'Production' }).click();
    const form = page.getByRole('region', { name: 'Edit deployment' });
    await form.getByLabel('Allowed Origins').fill(site.origin);
    await form.getByLabel('Allowed Origins').press('Enter');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Saved!')).toBeVisible();
    await deployFromItsPage(page);
    await expect(page.getByRole('region', { name: 'Deployment details' }).getByRole('row', { name: /Deployer/ })).toContainText(users.plain.displayName);

    // The customer's page shows the widget as saved.
    await page.goto(site.origin);
    await page.getByRole('button', { name: `Open ${conciergeName}` }).click();
    const deployed = page.getByRole('dialog', { name: conciergeName });
    await expect(deployed.getByRole('heading', { name: conciergeName })).toHaveCSS('color', titleColor.css);
    await expect(deployed).toContainText(welcome);
  } finally {
    await site.close();
  }
});

test('the channel list filters, opens and deletes channels', async ({ page }) => {
  const { projectId } = seeded();
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/channel`);
  for (const name of ['Lobby Kiosk', 'Help Widget']) {
    await page.getByRole('button', { name: 'Create Channel' }).click();
    const create = page.getByRole('dialog', { name: 'Create Channel' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Channels' }).click();
  }

  const table = page.getByRole('table', { name: 'Channels' });
  await expect(table.getByRole('columnheader')).toContainText(['Name', 'Modified', 'Type', 'Status']);
  const kiosk = table.getByRole('row', { name: /Lobby Kiosk/ });
  await expect(kiosk).toContainText('Web Chat');
  await expect(kiosk).toContainText('Draft');

  // Filters live in the address, as in every list.
  await page.getByRole('search', { name: 'Filters' }).getByLabel('Filter by Name').fill('kiosk');
  await expect(page).toHaveURL(/display_name__like=kiosk/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(kiosk).toBeVisible();

  await kiosk.getByRole('button', { name: 'Actions for Lobby Kiosk' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Channel' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Lobby Kiosk/ })).toHaveCount(0);
  await page.getByRole('search', { name: 'Filters' }).getByLabel('Filter by Name').fill('');

  await table.getByRole('link', { name: 'Help Widget' }).click();
  await expect(page.getByRole('heading', { name: 'Help Widget', level: 2 })).toBeVisible();
});
