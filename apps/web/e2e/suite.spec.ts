import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { replayGroupLabels, suiteAnswerWords, suiteMessages, type Deployment, type ListResponse, type Project } from '@console/contracts';
import { call, signInToken } from './support/api';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

const hours = { subject: 'Opening hours', response: 'Our shop opens at nine and closes at six, Monday to Friday.', utterances: ['When do you open?', 'opening hours'] };
const giftCards = { subject: 'Gift cards', response: 'Gift cards of any amount are sold at the till and online.', utterances: ['Do you sell gift cards?', 'gift voucher'] };
const questions = { hours: 'When do you open?', gifts: 'Do you sell gift cards?', outOfScope: 'What is the boiling point of mercury on Venus?' };
/** The page visitors ask from: an allowed origin of Production. */
const SITE = 'https://shop.example.com';

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/**
 * A project of Ada's whose version 1 answers the opening hours (and refuses anything about gift cards),
 * deployed to Production for visitors at SITE; `addGiftCards` makes version 2, which also answers gift
 * cards. Built through the API, so each test starts from the versions it is about.
 */
async function projectOnProduction(request: APIRequestContext, name: string) {
  const token = await signInToken(request, users.plain);
  const project = await call<Project>(request, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: name });
  const addItem = async (item: typeof hours) => {
    const created = await call<{ id: string }>(request, 'post', `/project/${project.id}/content`, token, { subject: item.subject });
    await call(request, 'put', `/content/${created.id}/response`, token, { response_pm: doc(item.response) });
    for (const text of item.utterances) await call(request, 'post', `/content/${created.id}/utterance`, token, { text });
  };
  await addItem(hours);
  await call(request, 'post', `/project/${project.id}/sync`, token, { note: 'Opening hours' });
  const deployments = await call<ListResponse<Deployment>>(request, 'get', `/project/${project.id}/deployment`, token);
  const production = deployments.records.find((deployment) => deployment.display_name === 'Production')!;
  await call(request, 'put', `/project/${project.id}/deployment/${production.id}`, token, { allowed_origins: SITE });
  await call(request, 'post', `/project/${project.id}/deployment/${production.id}/deploy`, token, { version: 1 });

  /** A visitor's question to Production through the public chat API, in a conversation of its own. */
  const ask = async (utterance: string) => {
    const response = await request.post(`/api/v1/chat/${production.key}/query`, { headers: { origin: SITE }, data: { utterance } });
    expect(response.ok(), `the chat API answered ${response.status()}: ${await response.text()}`).toBe(true);
  };
  const addGiftCards = async () => {
    await addItem(giftCards);
    await call(request, 'post', `/project/${project.id}/sync`, token, { note: 'Gift cards' });
  };
  return { projectId: project.id, ask, addGiftCards };
}

const projectTools = (page: Page) => page.getByRole('navigation', { name: 'Project tools' });

test('a test case added from a conversation and one written by hand run against a version: one passes, one fails saying why', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { projectId, ask } = await projectOnProduction(request, 'Suite Desk');
  await ask(questions.hours);
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}`);

  // Add to tests on the answer: the form comes prefilled with the question and the item that answered.
  await projectTools(page).getByRole('link', { name: 'Conversations' }).click();
  await page.getByRole('table', { name: 'Conversations' }).getByRole('link').first().click();
  const answer = page.getByRole('region', { name: 'Transcript' }).getByRole('listitem').filter({ hasText: questions.hours });
  await answer.getByRole('button', { name: 'Add to tests' }).click();
  const add = page.getByRole('dialog', { name: 'Add to Tests' });
  await expect(add.getByRole('textbox', { name: 'Question' })).toHaveValue(questions.hours);
  await expect(add.getByRole('combobox', { name: 'Expectation' })).toHaveValue('Answered by a content item');
  await expect(add.getByRole('combobox', { name: 'Content item' })).toHaveValue(hours.subject);
  await add.getByRole('button', { name: 'Add to tests' }).click();
  await expect(add).toHaveCount(0);

  // A second case by hand: the mercury question must be answered by the opening hours (it will not be).
  await projectTools(page).getByRole('link', { name: 'Tests' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/suite`);
  const cases = page.getByRole('table', { name: 'Test cases' });
  await expect(cases.getByRole('row', { name: new RegExp(questions.hours) })).toContainText(hours.subject);
  await page.getByRole('button', { name: 'Create Test Case' }).click();
  const create = page.getByRole('dialog', { name: 'Create Test Case' });
  await create.getByRole('textbox', { name: 'Question' }).fill(questions.outOfScope);
  await expect(create.getByText('Content item must be selected.')).toBeVisible();
  await create.getByRole('combobox', { name: 'Content item' }).fill('Opening');
  await page.getByRole('option', { name: hours.subject }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toHaveCount(0);
  await expect(cases.getByRole('row')).toHaveCount(3);

  // Run tests against the newest version: the run's page follows it to the end.
  await page.getByRole('button', { name: 'Run tests' }).click();
  const run = page.getByRole('dialog', { name: 'Run Tests' });
  await expect(run.getByRole('combobox', { name: 'Version' })).toHaveValue('Version 1: Opening hours (newest)');
  await run.getByRole('button', { name: 'Run' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/suite/run/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Test run of version 1' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Test run' })).toContainText('1 passed, 1 failed of 2');
  const results = page.getByRole('table', { name: 'Results' });
  await expect(results.getByRole('row', { name: new RegExp(questions.hours) })).toContainText('Passed');
  const failed = results.getByRole('row', { name: new RegExp(questions.outOfScope) });
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText(suiteMessages.notAnswered(suiteAnswerWords.content(hours.subject), suiteAnswerWords.outOfScope));

  // The failures alone; a row opens to the answer and why it was refused.
  await page.getByRole('combobox', { name: 'Filter by Result' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(results.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Details of ${questions.outOfScope}` }).click();
  await expect(page.getByRole('table', { name: `Trace of ${questions.outOfScope}` })).toBeVisible();

  // The run is listed under its version.
  await page.getByRole('link', { name: 'Tests' }).first().click();
  await expect(page.getByRole('table', { name: 'Test runs' }).getByRole('row', { name: /Version 1/ })).toContainText('1 passed, 1 failed of 2');
});

test("a replay of Production's traffic against a new version runs in the background and reports what would change, group by group", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { projectId, ask, addGiftCards } = await projectOnProduction(request, 'Replay Desk');
  for (const question of [questions.hours, questions.hours, questions.gifts, questions.outOfScope]) await ask(question);
  await addGiftCards();
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}`);

  await projectTools(page).getByRole('link', { name: 'Replays' }).click();
  await page.getByRole('button', { name: 'New replay' }).click();
  const form = page.getByRole('dialog', { name: 'New Replay' });
  await expect(form.getByRole('combobox', { name: 'Deployment' })).toHaveValue('Production');
  await expect(form.getByRole('combobox', { name: 'Candidate version' })).toHaveValue('Version 2: Gift cards (newest)');
  await form.getByRole('button', { name: 'Start replay' }).click();

  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/replay/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Replay of Production: version 1 → 2' })).toBeVisible();
  // Live progress until it finishes (a replay of three questions may finish before the page first reads it).
  const groups = page.getByLabel('Groups');
  await expect(groups.or(page.getByLabel('Job progress'))).toBeVisible();
  await expect(groups.getByRole('button', { name: `${replayGroupLabels.unchanged}: 2` })).toBeVisible();
  await expect(groups.getByRole('button', { name: `${replayGroupLabels.newly_answered}: 1` })).toBeVisible();
  await expect(groups.getByRole('button', { name: `${replayGroupLabels.changed}: 0` })).toBeVisible();
  await expect(groups.getByRole('button', { name: `${replayGroupLabels.newly_refused}: 0` })).toBeVisible();

  // A group's questions alone; a question opens both answers side by side.
  const items = page.getByRole('table', { name: 'Questions' });
  await expect(items.getByRole('row')).toHaveCount(4);
  await expect(items.getByRole('row', { name: new RegExp(questions.hours) })).toContainText('2');
  await groups.getByRole('button', { name: `${replayGroupLabels.newly_answered}: 1` }).click();
  await expect(items.getByRole('row')).toHaveCount(2);
  const gifts = items.getByRole('row', { name: new RegExp(questions.gifts) });
  await expect(gifts).toContainText('Out of Scope');
  await expect(gifts).toContainText(`Content: ${giftCards.subject}`);
  await page.getByRole('button', { name: `Details of ${questions.gifts}` }).click();
  await expect(page.getByRole('heading', { name: 'Before: version 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'After: version 2' })).toBeVisible();
  await expect(page.getByRole('table', { name: `Trace after of ${questions.gifts}` })).toBeVisible();

  // The list shows it finished, with what it found.
  await page.getByRole('link', { name: 'Replays' }).first().click();
  const replay = page.getByRole('table', { name: 'Replays' }).getByRole('row', { name: /Production/ });
  await expect(replay).toContainText('1 → 2');
  await expect(replay).toContainText('Finished');
  await expect(replay).toContainText('3 questions: 2 unchanged, 1 newly answered');
});
