import { expect, test } from '@playwright/test';
import { understandingLabels } from '@console/contracts';
import { ask, createAnsweredItem } from './support/assistant';
import { createProject } from './support/projects';
import { signIn } from './support/sign-in';
import { users } from './support/users';

/** Content as an imported FAQ brings it: subjects and responses, not one utterance. */
const openingHours = {
  subject: 'Opening hours',
  response: 'We are open from 9 am to 5 pm on weekdays and 10 am to 2 pm on Saturdays.',
  utterances: [],
};
const unrelated = [
  { subject: 'Bike rental prices', response: 'A city bike costs 12 euros a day and an electric bike 25 euros a day.', utterances: [] },
  { subject: 'Home delivery', response: 'We deliver groceries to your door within two hours for a fee of 4 euros.', utterances: [] },
  { subject: 'Gift cards', response: 'Gift cards of 10 to 100 euros are sold at the counter and never expire.', utterances: [] },
];
/** Store for shop, weekends for Saturdays: of its words only 'open' is in the content. */
const paraphrase = 'is the store open on weekends?';

test('a project with content and no utterances answers a paraphrase in the Real-Time Test and says why it refuses', async ({ page }) => {
  // Its first sync loads the sentence encoder and embeds every text.
  test.setTimeout(180_000);
  await signIn(page, users.plain);
  const projectId = await createProject(page, 'Corner Shop');
  const outOfScope = await page.getByLabel('Out of Scope Response').inputValue();
  for (const item of [openingHours, ...unrelated]) await createAnsweredItem(page, projectId, item);

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Deploy', exact: true })).toBeEnabled({ timeout: 90_000 });

  // The answer comes from the question's meaning, and the trace shows both scores.
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  const drawer = page.getByRole('dialog', { name: 'Real-Time Test' });
  const conversation = drawer.getByRole('log', { name: 'Conversation' });
  await ask(page, paraphrase);
  await expect(conversation).toContainText(openingHours.response);
  await conversation.getByText('Trace', { exact: true }).click();
  const trace = conversation.getByRole('definition');
  await expect(trace.filter({ hasText: /^Understanding: semantic, best semantic similarity \d\.\d\d$/ })).toBeVisible();
  await expect(trace.filter({ hasText: /^“Opening hours”: score \d\.\d\d — lexical \d\.\d\d, semantic \d\.\d\d$/ })).toBeVisible();
  await expect(trace.filter({ hasText: `Chosen “${openingHours.subject}” with confidence` })).toBeVisible();

  // Asked right after an answer, an off-topic question is not read with it: refused, and the trace says why.
  await ask(page, 'What is the capital of France?');
  const hijack = conversation.getByRole('note', { name: 'Why it was refused' });
  await expect(hijack).toHaveCount(1);
  await conversation.getByText('Trace', { exact: true }).last().click();
  await expect(
    conversation.getByRole('definition').filter({ hasText: /^Read alone, not with the previous question “is the store open on weekends\?” — None of its words .* is known to the project/ }),
  ).toBeVisible();
  await expect(conversation.getByText(outOfScope)).toHaveCount(1);

  // A question the content does not cover is refused, and the refusal says why without opening the trace.
  await ask(page, 'who won the football world cup?');
  await expect(conversation.getByText(outOfScope)).toHaveCount(2);
  const refusal = conversation.getByRole('note', { name: 'Why it was refused' }).last();
  await expect(conversation.getByRole('note', { name: 'Why it was refused' })).toHaveCount(2);
  await expect(refusal).toHaveText(/^Refused: \S.*/);
  const reason = (await refusal.innerText()).replace(/^Refused: /, '');

  // The stored conversation reads the same.
  await drawer.getByRole('button', { name: 'Query log' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/conv/[0-9a-f-]{36}$`));
  const question = 'who won the football world cup?';
  const turn = page.getByRole('region', { name: 'Transcript' }).getByRole('listitem').filter({ hasText: question });
  await expect(turn.getByText(`Refused: ${reason}`)).toBeVisible();
  await turn.getByRole('button', { name: 'Trace' }).click();
  await expect(turn.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  await expect(turn.getByRole('table', { name: `Trace of ${question}` })).toContainText('Decision: out of scope');
});

test('project settings show the understanding, and changing it writes the Pipeline Config', async ({ page }) => {
  await signIn(page, users.plain);
  await createProject(page, 'Quick Kiosk');
  const understanding = page.getByLabel('Understanding', { exact: true });
  const config = page.getByLabel('Pipeline Config', { exact: true });

  // Semantic for a new project, without a word of it in its Pipeline Config.
  await expect(understanding).toHaveValue(understandingLabels.semantic);
  await expect(page.getByText('A change applies from the next Sync.')).toBeVisible();
  expect(JSON.parse(await config.inputValue())).not.toHaveProperty('understanding');

  await understanding.click();
  await page.getByRole('option', { name: understandingLabels.lexical, exact: true }).click();
  await expect(understanding).toHaveValue(understandingLabels.lexical);
  expect(JSON.parse(await config.inputValue())).toMatchObject({ understanding: 'lexical' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved!')).toBeVisible();
  await page.reload();
  await expect(understanding).toHaveValue(understandingLabels.lexical);

  // The JSON is the one value: edited by hand, the control follows; while it does not parse, the control waits.
  await config.fill('{"understanding": "semantic"}');
  await expect(understanding).toHaveValue(understandingLabels.semantic);
  await config.fill('{"understanding": ');
  await expect(understanding).toBeDisabled();
});
