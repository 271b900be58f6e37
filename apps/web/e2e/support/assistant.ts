import { expect, type Page } from '@playwright/test';

/** A content item the assistant can answer from. */
export interface AnsweredItem {
  subject: string;
  response: string;
  utterances: string[];
}

/** A content item with a response and utterances, made through its screens as an editor would. */
export async function createAnsweredItem(page: Page, projectId: string, item: AnsweredItem) {
  await page.goto(`/project/${projectId}/content`);
  await page.getByRole('button', { name: 'Create Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByLabel('Subject').fill(item.subject);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: item.subject })).toBeVisible();

  const responseCard = page.getByRole('region', { name: 'Response' });
  await page.getByRole('textbox', { name: 'Response' }).click();
  await page.keyboard.type(item.response);
  await responseCard.getByRole('button', { name: 'Save' }).click();
  await expect(responseCard.getByText('Saved!')).toBeVisible();

  const utterances = page.getByRole('region', { name: 'Utterances' });
  for (const text of item.utterances) {
    await utterances.getByLabel('New utterance').fill(text);
    await utterances.getByRole('button', { name: 'Add Utterance' }).click();
    await expect(utterances.getByRole('cell', { name: text, exact: true })).toBeVisible();
  }
}

/** Asks the Real-Time Test's widget a question (the widget lives in a shadow root, which locators pierce). */
export async function ask(page: Page, question: string) {
  const drawer = page.getByRole('dialog', { name: 'Real-Time Test' });
  await drawer.getByLabel('Your question').fill(question);
  await drawer.getByLabel('Your question').press('Enter');
}
