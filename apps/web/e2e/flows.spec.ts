import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sequenceMessages, slotMessages } from '@console/contracts';
import { call, signInToken } from './support/api';
import { addAttribute, pick } from './support/builder';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

/**
 * Scenarios and sequences: a project of their own with two slots and an intent made through the API,
 * then the builder and the scenario screens driven as a person would, and read by a viewer of the project.
 */

const UNSAVED = 'You have unsaved changes. Are you sure you want to leave this page?';
let projectId = '';

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const token = await signInToken(api, users.plain);
    projectId = (await call<{ id: string }>(api, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: 'Flow Shop' })).id;
    await call(api, 'post', `/project/${projectId}/slot`, token, { name: 'Order number', terms: ['order number'] });
    await call(api, 'post', `/project/${projectId}/slot`, token, { name: 'Email', terms: ['email address'] });
    await call(api, 'post', `/project/${projectId}/intent`, token, { intent: 'Track Order', utterances: ['Where is my order?'] });
    const returns = await call<{ id: string }>(api, 'post', `/project/${projectId}/sequence`, token, { name: 'Returns' });
    const reason = { id: randomUUID(), name: 'Ask reason', position: { x: 0, y: 0 }, attributes: [] };
    await call(api, 'put', `/sequence/${returns.id}`, token, { nodes: [reason], transitions: [] });
    await call(api, 'post', `/project/${projectId}/sequence`, token, { name: 'Refunds' });
    await call(api, 'post', `/project/${projectId}/membership`, token, { email: users.staff.email, role: 'viewer' });
  } finally {
    await api.dispose();
  }
});

const projectUrl = (sub: string) => `/project/${projectId}/${sub}`;

test('a sequence is built node by node after its messages, guarded when left unsaved, saved and kept', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(projectUrl('sequence'));
  await expect(page.getByRole('heading', { name: 'Sequences', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Create Sequence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Sequence' });
  await dialog.getByLabel('Name').fill('Order tracking');
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/sequence\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Order tracking', level: 2 })).toBeVisible();
  await expect(page.getByText('No nodes yet: add one to start the flow.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const panel = page.getByRole('region', { name: 'Selected node' });

  // First node: where the flow starts, and the two slots it asks for.
  await page.getByRole('button', { name: 'Add Node' }).click();
  await expect(panel.getByLabel('Node name')).toHaveValue('Node 1');
  await panel.getByLabel('Node name').fill('Ask order');
  await addAttribute(page, 'Entry Intents');
  await pick(panel, 'Intents', ['Track Order']);
  await addAttribute(page, 'Collect Slots');
  await expect(panel.getByText('Slots must have at least one selection.')).toBeVisible();
  await pick(panel, 'Slots', ['Order number', 'Email']);
  await panel.getByLabel('Prompt for Order number', { exact: true }).fill('What is your order number?');
  await expect(panel.getByLabel('Prompt for Email', { exact: true })).toHaveAttribute('placeholder', 'What is the Email?');
  await panel.getByLabel('Prompt for Email', { exact: true }).fill('Which e-mail address did you order with?');
  // Asked again and how often: empty leaves it to the slot, whose own the placeholders show.
  await expect(panel.getByLabel('Re-prompt for Email')).toHaveAttribute('placeholder', 'Sorry, I did not understand that. What is the Email?');
  await expect(panel.getByLabel('Max attempts for Email')).toHaveAttribute('placeholder', "2 (the slot's)");
  await panel.getByLabel('Re-prompt for Order number').fill('An order number has five digits, such as 12345.');
  await panel.getByLabel('Max attempts for Order number').fill('0');
  await expect(panel.getByText(slotMessages.maxAttempts)).toBeVisible();
  await expect(save).toBeDisabled();
  await panel.getByLabel('Max attempts for Order number').fill('3');
  await expect(panel.getByText(slotMessages.maxAttempts)).toHaveCount(0);
  // Each type once: the menu offers only the two types not yet there.
  await page.getByRole('button', { name: 'Add Attribute' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Business Logic', 'Follow-up Intents']);
  await page.keyboard.press('Escape');
  const first = page.getByRole('group', { name: 'Node Ask order', exact: true });
  await expect(first).toContainText('Entry Intents');
  await expect(first).toContainText('Collect Slots');

  // Second node: business logic, with a bad URL and a name taken, flagged beside the fields and on the canvas.
  await page.getByRole('button', { name: 'Add Node' }).click();
  await addAttribute(page, 'Business Logic');
  await panel.getByLabel('URL').fill('ftp://example.com/orders');
  await expect(panel.getByText(sequenceMessages.invalidUrl)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Node Node 2', exact: true })).toContainText(sequenceMessages.invalidUrl);
  await panel.getByLabel('Node name').fill('ask order ');
  const duplicate = sequenceMessages.duplicateNodeName('Ask order');
  await expect(first).toContainText(duplicate);
  await expect(panel.getByText(sequenceMessages.duplicateNodeName('ask order'))).toBeVisible();
  await panel.getByLabel('Configuration').fill('[1]');
  await expect(panel.getByText('Configuration must be a JSON object')).toBeVisible();
  await expect(save).toBeDisabled();

  await panel.getByLabel('Node name').fill('Look up order');
  await panel.getByLabel('URL').fill('https://example.com/orders');
  await panel.getByLabel('Configuration').fill('{"timeout": 5}');
  await expect(page.getByText(duplicate)).toHaveCount(0);
  await expect(page.getByText(sequenceMessages.invalidUrl)).toHaveCount(0);
  await expect(page.getByText('Configuration must be a JSON object')).toHaveCount(0);

  // A transition drawn on the canvas, from the first node's handle to the second's.
  const second = page.getByRole('group', { name: 'Node Look up order', exact: true });
  await first.locator('.react-flow__handle.source').dragTo(second.locator('.react-flow__handle.target'));
  await expect(page.getByRole('group', { name: 'Transition from Ask order to Look up order', exact: true })).toHaveCount(1);
  await first.click();
  await expect(panel.getByRole('heading', { name: 'Ask order' })).toBeVisible();
  await expect(panel.getByText('Look up order', { exact: true })).toBeVisible();
  await expect(save).toBeEnabled();

  // Leaving inside the console asks first; staying keeps the work.
  await page.getByRole('navigation').getByRole('link', { name: 'Intents' }).click();
  const warning = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(warning).toContainText(UNSAVED);
  await warning.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/sequence\/[0-9a-f-]{36}$/);

  // The sequence is renamed with the same save (1-255 characters).
  await page.getByLabel('Sequence name').fill('');
  await expect(page.getByText('Name must be at least 1 character')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Sequence name').fill('Order status');
  await save.click();
  await expect(page.getByText('Saved!')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Order status', level: 2 })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Sequence name')).toHaveValue('Order status');
  await expect(page.getByRole('group', { name: 'Node Ask order', exact: true })).toContainText('Collect Slots');
  await expect(page.getByRole('group', { name: 'Transition from Ask order to Look up order', exact: true })).toHaveCount(1);
  await page.getByRole('group', { name: 'Node Ask order', exact: true }).click();
  await expect(panel.getByLabel('Prompt for Order number', { exact: true })).toHaveValue('What is your order number?');
  await expect(panel.getByLabel('Prompt for Email', { exact: true })).toHaveValue('Which e-mail address did you order with?');
  await expect(panel.getByLabel('Re-prompt for Order number')).toHaveValue('An order number has five digits, such as 12345.');
  await expect(panel.getByLabel('Max attempts for Order number')).toHaveValue('3');
  await expect(panel.getByLabel('Max attempts for Email')).toHaveValue('');
  await page.getByRole('group', { name: 'Node Look up order', exact: true }).click();
  await expect(panel.getByLabel('URL')).toHaveValue('https://example.com/orders');
  await expect(panel.getByLabel('Configuration')).toHaveValue('{\n  "timeout": 5\n}');

  // Deleting a node with the keyboard takes its transition along; closing the tab then asks the browser's question.
  await page.getByRole('group', { name: 'Node Look up order', exact: true }).press('Delete');
  await expect(page.getByRole('group', { name: 'Node Look up order', exact: true })).toHaveCount(0);
  await expect(page.getByRole('group', { name: /^Transition from/ })).toHaveCount(0);
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.accept();
});

test('a scenario is created, opened, given its sequences and their order, saved with its counts and deleted', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(projectUrl('scenario'));
  await expect(page.getByRole('heading', { name: 'Scenarios', level: 2 })).toBeVisible();
  await expect(page.getByText('No scenarios yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create Scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Scenario' });
  await dialog.getByLabel('Name').fill('Or');
  await expect(dialog.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('Order help');
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('Draft');
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/scenario\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Order help', level: 2 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Scenario details' });
  await expect(details.getByRole('row', { name: 'Nodes' })).toContainText('0');
  await expect(details.getByRole('row', { name: 'Transitions' })).toContainText('0');

  const editor = page.getByRole('region', { name: 'Edit scenario' });
  await editor.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await editor.getByLabel('Combination mode', { exact: true }).click();
  await page.getByRole('option', { name: 'One entry, all slots' }).click();
  await pick(editor, 'Sequences', ['Returns', 'Refunds']);
  await pick(editor, 'Returns is followed by', ['Refunds']);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Saved!')).toBeVisible();
  await expect(details.getByRole('row', { name: 'Nodes' })).toContainText('2');
  await expect(details.getByRole('row', { name: 'Transitions' })).toContainText('1');

  await page.reload();
  await expect(editor.getByLabel('Combination mode', { exact: true })).toHaveValue('One entry, all slots');
  await expect(editor.getByLabel('Status', { exact: true })).toHaveValue('Active');

  await page.getByRole('button', { name: 'Delete Scenario' }).click();
  await page.getByRole('dialog', { name: 'Delete Scenario' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl('scenario')}$`));
  await expect(page.getByText('No scenarios yet.')).toBeVisible();
});

test('a viewer reads a sequence on the canvas and in the panel, but cannot create, change or save', async ({ page }) => {
  await signIn(page, users.staff);
  await page.goto(projectUrl('sequence'));
  await expect(page.getByRole('link', { name: 'Returns' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Sequence' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Returns' }).click();

  await expect(page.getByRole('heading', { name: 'Returns', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Sequence name')).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Node' })).toHaveCount(0);
  const node = page.getByRole('group', { name: 'Node Ask reason', exact: true });
  await node.click();
  const panel = page.getByRole('region', { name: 'Selected node' });
  await expect(panel.getByLabel('Node name')).toHaveValue('Ask reason');
  await expect(panel.getByLabel('Node name')).toHaveAttribute('readonly');
  await expect(panel.getByRole('button', { name: 'Add Attribute' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Delete Node' })).toHaveCount(0);
  await node.press('Delete');
  await expect(node).toBeVisible();

  await page.goto(projectUrl('scenario'));
  await expect(page.getByRole('heading', { name: 'Scenarios', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Scenario' })).toHaveCount(0);
});
