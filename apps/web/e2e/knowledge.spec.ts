import { expect, test, type Locator, type Page } from '@playwright/test';
import { intentMessages, jargonMessages, messages, slotMessages, slotTypeDescriptions, slotTypeLabels } from '@console/contracts';
import { submitReasons } from '../src/components/entity-form/form-state';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

const projectUrl = (sub = '') => `/project/${seeded().projectId}${sub ? `/${sub}` : ''}`;

async function openProjectPage(page: Page, sub: string, heading: string) {
  await signIn(page, users.plain);
  await page.goto(projectUrl(sub));
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

const keywordMissing = messages.atLeastChars('Keyword', 1);

/** Types a term into a TagsInput and presses Enter, which makes it a term. */
async function addTerm(scope: Locator, term: string) {
  await scope.getByLabel('Terms').fill(term);
  await scope.getByLabel('Terms').press('Enter');
}

test('an intent is created with two utterances after its messages, opened, edited, saved and deleted', async ({ page }) => {
  await openProjectPage(page, 'intent', 'Intents');
  await page.getByRole('button', { name: 'Create Intent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Intent' });
  const create = dialog.getByRole('button', { name: 'Create' });

  await dialog.getByLabel('Name').fill('x');
  await dialog.getByLabel('Name').fill('');
  await expect(dialog.getByText('Name must be at least 1 character')).toBeVisible();
  await dialog.getByLabel('Name').fill('Track Order');
  await dialog.getByRole('button', { name: 'Remove Utterance 1' }).click();
  await expect(dialog.getByText(intentMessages.utteranceRequired)).toBeVisible();
  await expect(create).toBeDisabled();

  await dialog.getByRole('button', { name: 'Add Utterance' }).click();
  await dialog.getByLabel('Utterance 1', { exact: true }).fill('Where is my order?');
  await dialog.getByRole('button', { name: 'Add Utterance' }).click();
  await expect(dialog.getByText('Utterance must be at least 1 character')).toBeVisible();
  // The same utterance in another case and with a trailing space is still the same.
  await dialog.getByLabel('Utterance 2', { exact: true }).fill('where is my order? ');
  await expect(dialog.getByText(intentMessages.utterancesUnique)).toBeVisible();
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Utterance 2', { exact: true }).fill('x'.repeat(256));
  await expect(dialog.getByText('Utterance must be at most 255 characters')).toBeVisible();
  await dialog.getByLabel('Utterance 2', { exact: true }).fill('Track my parcel');
  await expect(dialog.getByText(intentMessages.utterancesUnique)).toHaveCount(0);
  await create.click();

  await expect(page).toHaveURL(/\/intent\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Track Order', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Utterance 1', { exact: true })).toHaveValue('Where is my order?');
  await expect(page.getByLabel('Utterance 2', { exact: true })).toHaveValue('Track my parcel');

  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Name').fill('Track Parcel');
  await page.getByRole('button', { name: 'Remove Utterance 1' }).click();
  await page.getByRole('button', { name: 'Add Utterance' }).click();
  await page.getByLabel('Utterance 2', { exact: true }).fill('Parcel status');
  await save.click();
  await expect(page.getByText('Saved!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Track Parcel', level: 2 })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Utterance 1', { exact: true })).toHaveValue('Track my parcel');
  await expect(page.getByLabel('Utterance 2', { exact: true })).toHaveValue('Parcel status');

  await page.getByRole('main').getByRole('link', { name: 'Intents' }).click();
  await expect(page.getByRole('row', { name: /Track Parcel/ }).getByRole('cell').nth(1)).toHaveText('2');
  await page.getByRole('link', { name: 'Track Parcel' }).click();
  await page.getByRole('button', { name: 'Delete Intent' }).click();
  await page.getByRole('dialog', { name: 'Delete Intent' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl('intent')}$`));
  await expect(page.getByRole('row', { name: /Track Parcel/ })).toHaveCount(0);
});

test('a slot is created with its terms after its messages, then edited', async ({ page }) => {
  await openProjectPage(page, 'slot', 'Slots');
  await page.getByRole('button', { name: 'Create Slot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Slot' });
  const create = dialog.getByRole('button', { name: 'Create' });

  await dialog.getByLabel('Name').fill('x'.repeat(65));
  await expect(dialog.getByText('Name must be at most 64 characters')).toBeVisible();
  await dialog.getByLabel('Name').fill('Colour');
  await dialog.getByRole('button', { name: 'Remove Term 1' }).click();
  await expect(dialog.getByText(slotMessages.termRequired)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Term' }).click();
  await dialog.getByLabel('Term 1', { exact: true }).fill('red');
  // Enter in a line opens the next one.
  await dialog.getByLabel('Term 1', { exact: true }).press('Enter');
  await expect(dialog.getByLabel('Term 2', { exact: true })).toBeFocused();
  await dialog.getByLabel('Term 2', { exact: true }).fill('Red');
  await expect(dialog.getByText(slotMessages.termsUnique)).toBeVisible();
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Term 2', { exact: true }).fill('blue');
  await create.click();

  await expect(page).toHaveURL(/\/slot\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Colour', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Term' }).click();
  await page.getByLabel('Term 3', { exact: true }).fill('green');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Term 3', { exact: true })).toHaveValue('green');
  await page.getByRole('main').getByRole('link', { name: 'Slots' }).click();
  const colour = page.getByRole('row', { name: /Colour/ }).getByRole('cell');
  await expect(colour.nth(1)).toHaveText(slotTypeLabels.terms);
  await expect(colour.nth(2)).toHaveText('3');
});

/** Chooses an option of a Select by its label. */
async function choose(scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

test('a date slot is created with what its type accepts, Create saying why it waits; an unsafe pattern is refused naming the slot', async ({ page }) => {
  await openProjectPage(page, 'slot', 'Slots');
  await page.getByRole('button', { name: 'Create Slot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Slot' });
  const create = dialog.getByRole('button', { name: 'Create' });

  // Before a name is typed, Create is disabled and says why, beside it and as its description.
  const nameRequired = 'Name must be at least 1 character';
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(nameRequired);
  await expect(dialog.getByTestId('submit-reason')).toHaveText(nameRequired);
  await expect(dialog.getByText(slotTypeDescriptions.terms)).toBeVisible();
  await choose(dialog, 'Type', slotTypeLabels.date);
  await expect(dialog.getByText(slotTypeDescriptions.date)).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Terms' })).toHaveCount(0);
  await expect(dialog.getByLabel('Locale', { exact: true })).toHaveValue('en-US');
  await choose(dialog, 'Locale', 'en-GB');
  await expect(create).toHaveAccessibleDescription(nameRequired);
  await dialog.getByLabel('Name').fill('delivery day');
  await expect(dialog.getByLabel('Prompt', { exact: true })).toHaveAttribute('placeholder', 'What is the delivery day?');
  await dialog.getByLabel('Prompt', { exact: true }).fill('Which day suits you?');
  await dialog.getByLabel('Max attempts').fill('3');
  await expect(dialog.getByTestId('submit-reason')).toHaveCount(0);
  await create.click();

  await expect(page).toHaveURL(/\/slot\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'delivery day', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue(slotTypeLabels.date);
  await expect(page.getByLabel('Locale', { exact: true })).toHaveValue('en-GB');
  await expect(page.getByLabel('Max attempts')).toHaveValue('3');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('No changes to save');

  // A pattern that could take too long on some answers is refused, the message naming the slot.
  await page.getByRole('main').getByRole('link', { name: 'Slots' }).click();
  await expect(page.getByRole('row', { name: /delivery day/ }).getByRole('cell').nth(1)).toHaveText(slotTypeLabels.date);
  await page.getByRole('button', { name: 'Create Slot' }).click();
  await dialog.getByLabel('Name').fill('order code');
  await choose(dialog, 'Type', slotTypeLabels.pattern);
  await expect(create).toHaveAccessibleDescription(slotMessages.patternRequired('order code'));
  await dialog.getByLabel('Pattern').fill('(a+)+$');
  await expect(dialog.getByText(slotMessages.patternUnsafe('order code'))).toBeVisible();
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(submitReasons.correctMarked);
  await dialog.getByLabel('Pattern').fill('[A-Z]{2}-\\d{6}');
  await create.click();
  await expect(page.getByRole('heading', { name: 'order code', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Pattern')).toHaveValue('[A-Z]{2}-\\d{6}');
});

test('the Jargon Mapper checks terms across mappings, saves, keeps after reload and discards', async ({ page }) => {
  await openProjectPage(page, 'jargon', 'Jargon Mapper');
  const save = page.getByRole('button', { name: 'Save Changes' });
  const discard = page.getByRole('button', { name: 'Discard Changes' });
  await expect(save).toBeDisabled();
  await expect(discard).toBeDisabled();

  // A new mapping shows no message before anything was typed; Save says what is missing.
  await page.getByRole('button', { name: 'Add Mapping' }).click();
  const refund = page.getByRole('group', { name: 'Mapping 1' });
  await expect(refund.getByLabel('Keyword')).toBeFocused();
  await expect(refund.getByText(keywordMissing)).toHaveCount(0);
  await expect(refund.getByText(jargonMessages.termsEmpty)).toHaveCount(0);
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(keywordMissing);
  // Typing in the keyword shows its messages, not yet those of the terms nobody touched.
  await refund.getByLabel('Keyword').fill('refund');
  await refund.getByLabel('Keyword').fill('');
  await expect(refund.getByText(keywordMissing)).toBeVisible();
  await refund.getByLabel('Keyword').fill('refund');
  await expect(refund.getByText(keywordMissing)).toHaveCount(0);
  await expect(refund.getByText(jargonMessages.termsEmpty)).toHaveCount(0);
  await expect(save).toHaveAccessibleDescription(jargonMessages.termsEmpty);
  // Leaving the terms empty shows theirs.
  await refund.getByLabel('Terms').focus();
  await refund.getByLabel('Keyword').focus();
  await expect(refund.getByText(jargonMessages.termsEmpty)).toBeVisible();
  await expect(save).toHaveAccessibleDescription(submitReasons.correctMarked);
  await addTerm(refund, 'money back');
  await addTerm(refund, 'reimbursement');
  await expect(refund.getByText(jargonMessages.termsEmpty)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Mapping' }).click();
  const order = page.getByRole('group', { name: 'Mapping 2' });
  await order.getByLabel('Keyword').fill('Refund');
  await expect(order.getByText(jargonMessages.keywordsUnique)).toBeVisible();
  await order.getByLabel('Keyword').fill('order');
  await addTerm(order, 'Money Back');
  await expect(order.getByText(jargonMessages.termInOtherMapping)).toBeVisible();
  await expect(save).toBeDisabled();
  await order.getByRole('button', { name: 'Remove term Money Back' }).click();
  await addTerm(order, 'purchase');
  await expect(order.getByText(jargonMessages.termInOtherMapping)).toHaveCount(0);
  await save.click();
  await expect(page.getByText('Saved!')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('group', { name: 'Mapping 1' }).getByLabel('Keyword')).toHaveValue('refund');
  await expect(page.getByRole('group', { name: 'Mapping 1' })).toContainText('reimbursement');
  await expect(page.getByRole('group', { name: 'Mapping 2' }).getByLabel('Keyword')).toHaveValue('order');
  await expect(page.getByRole('group', { name: 'Mapping 2' })).toContainText('purchase');

  await page.getByRole('button', { name: 'Remove Mapping 1' }).click();
  await expect(page.getByRole('group', { name: 'Mapping 2' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Mapping 1' }).getByLabel('Keyword')).toHaveValue('order');
  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Intents' }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl('jargon')}$`));

  await discard.click();
  await expect(page.getByRole('group', { name: 'Mapping 1' }).getByLabel('Keyword')).toHaveValue('refund');
  await expect(page.getByRole('group', { name: 'Mapping 2' }).getByLabel('Keyword')).toHaveValue('order');
  await expect(discard).toBeDisabled();
});

test('project settings are checked and saved; a new name reaches the header', async ({ page }) => {
  await openProjectPage(page, '', 'Project Settings');
  const settings = page.getByRole('region', { name: 'Settings' });
  const save = settings.getByRole('button', { name: 'Save' });

  await settings.getByLabel('Response Word Cutoff').fill('2000');
  await expect(settings.getByText('Response Word Cutoff must not be greater than 1024')).toBeVisible();
  await expect(save).toBeDisabled();
  await settings.getByLabel('Response Word Cutoff').fill('120');
  await settings.getByLabel('Pipeline Config').fill('[1, 2]');
  await expect(settings.getByText('Pipeline Config must be a JSON object')).toBeVisible();
  await expect(save).toBeDisabled();
  await settings.getByLabel('Pipeline Config').fill('{"ranker": "hybrid"}');
  await settings.getByLabel('Out of Scope Response').fill('Sorry, I can only help with orders.');
  await settings.getByLabel('Name').fill('Help Centre EU');
  await save.click();
  await expect(settings.getByText('Saved!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Project: Help Centre EU' })).toHaveAttribute(
    'title',
    'Current project: Help Centre EU',
  );

  await page.reload();
  await expect(settings.getByLabel('Response Word Cutoff')).toHaveValue('120');
  await expect(settings.getByLabel('Out of Scope Response')).toHaveValue('Sorry, I can only help with orders.');
  await expect(settings.getByLabel('Pipeline Config')).toHaveValue(/"ranker": "hybrid"/);
  await expect(page.getByRole('region', { name: 'Project details' })).toContainText('Not Synced');
  // Other tests know the project by its seeded name.
  await settings.getByLabel('Name').fill('Help Centre');
  await save.click();
  await expect(settings.getByText('Saved!')).toBeVisible();
});

test('the members page shows direct, inherited and effective roles; a member is added and removed', async ({ page }) => {
  await openProjectPage(page, '', 'Project Settings');
  await page.getByRole('link', { name: 'Memberships' }).click();
  await expect(page.getByRole('heading', { name: 'Project Members', level: 2 })).toBeVisible();

  // Ada is admin of the project and, through Acme Support, of its workspace; nobody deletes their own row.
  const ada = page.getByRole('row', { name: new RegExp(users.plain.email) });
  await expect(ada.getByRole('cell').nth(2)).toHaveText('admin');
  await expect(ada.getByRole('cell').nth(3)).toHaveText('admin');
  await expect(ada.getByRole('cell').nth(4)).toHaveText('admin');
  await expect(ada.getByRole('button', { name: /Actions for/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Member' }).click();
  const add = page.getByRole('dialog', { name: 'Add Member' });
  await add.getByLabel('Email').fill(users.forgetful.email);
  await expect(add.getByLabel('Role', { exact: true })).toHaveValue('viewer');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);
  const alan = page.getByRole('row', { name: new RegExp(users.forgetful.email) });
  await expect(alan.getByRole('cell').nth(2)).toHaveText('viewer');
  await expect(alan.getByRole('cell').nth(3)).toHaveText('—');
  await expect(alan.getByRole('cell').nth(4)).toHaveText('viewer');

  // An editor of the workspace: the higher of the two roles is what Alan may do in the project.
  const workspaceMembers = `/workspace/${seeded().workspaceId}/membership`;
  await page.goto(workspaceMembers);
  await page.getByRole('button', { name: 'Add Member' }).click();
  const addToWorkspace = page.getByRole('dialog', { name: 'Add Member to Workspace' });
  await addToWorkspace.getByLabel('Email').fill(users.forgetful.email);
  await addToWorkspace.getByLabel('Role', { exact: true }).click();
  await page.getByRole('option', { name: 'editor', exact: true }).click();
  await addToWorkspace.getByRole('button', { name: 'Add' }).click();
  await expect(addToWorkspace).toHaveCount(0);
  await page.goBack();
  await expect(alan.getByRole('cell').nth(2)).toHaveText('viewer');
  await expect(alan.getByRole('cell').nth(3)).toHaveText('editor');
  await expect(alan.getByRole('cell').nth(4)).toHaveText('editor');

  await page.goto(workspaceMembers);
  const alanInWorkspace = page.getByRole('row', { name: new RegExp(users.forgetful.email) });
  await alanInWorkspace.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete Membership' }).click();
  await page.getByRole('dialog', { name: 'Delete Membership' }).getByRole('button', { name: 'Delete' }).click();
  await expect(alanInWorkspace).toHaveCount(0);
  await page.goBack();
  await expect(alan.getByRole('cell').nth(4)).toHaveText('viewer');

  await alan.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete Membership' }).click();
  await page.getByRole('dialog', { name: 'Delete Membership' }).getByRole('button', { name: 'Delete' }).click();
  await expect(alan).toHaveCount(0);
});
