import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Deployment, ListResponse, Project } from '@console/contracts';
import { call, signInToken } from './support/api';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

/** The page visitors ask from: an allowed origin of Production. */
const SITE = 'https://shop.example.com';
const items = [
  { subject: 'Opening hours', response: 'Our shop opens at nine and closes at six.', utterances: ['When do you open?', 'opening hours', 'What time do you close?'] },
  { subject: 'Gift cards', response: 'Gift cards of any amount are sold at the till.', utterances: ['Do you sell gift cards?', 'gift voucher', 'Can I buy a gift card?'] },
];
/** What visitors keep asking and the project cannot answer. */
const PARCEL = ['Where is my parcel? I need the tracking number', 'How can I track my parcel?', 'My parcel has not arrived, where is it?'];

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** A project answering opening hours and gift cards, deployed to Production for SITE, whose visitors asked about parcels (refused). */
async function projectWithFailures(request: APIRequestContext, name: string) {
  const token = await signInToken(request, users.plain);
  const project = await call<Project>(request, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: name });
  for (const { subject, response, utterances } of items) {
    const item = await call<{ id: string }>(request, 'post', `/project/${project.id}/content`, token, { subject });
    await call(request, 'put', `/content/${item.id}/response`, token, { response_pm: doc(response) });
    for (const text of utterances) await call(request, 'post', `/content/${item.id}/utterance`, token, { text });
  }
  await call(request, 'post', `/project/${project.id}/sync`, token, {});
  const deployments = await call<ListResponse<Deployment>>(request, 'get', `/project/${project.id}/deployment`, token);
  const production = deployments.records.find((deployment) => deployment.display_name === 'Production')!;
  await call(request, 'put', `/project/${project.id}/deployment/${production.id}`, token, { allowed_origins: SITE });
  await call(request, 'post', `/project/${project.id}/deployment/${production.id}/deploy`, token, { version: 1 });
  for (const utterance of PARCEL) {
    const response = await request.post(`/api/v1/chat/${production.key}/query`, { headers: { origin: SITE }, data: { utterance } });
    expect(response.ok(), `the chat API answered ${response.status()}: ${await response.text()}`).toBe(true);
  }
  return { projectId: project.id };
}

test('the inbox groups the questions visitors failed to get answered; a new item made from them answers them once synced', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { projectId } = await projectWithFailures(request, 'Parcel Desk');
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}`);
  await page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page).toHaveURL(`/project/${projectId}/insight`);

  // The three questions are grouped in the background into one topic, refused as out of scope.
  const topics = page.getByRole('table', { name: 'Topics' });
  await expect(page.getByText('3 failed questions in 1 topic')).toBeVisible({ timeout: 60_000 });
  await expect(topics.getByRole('row')).toHaveCount(2);
  const topic = topics.getByRole('row').nth(1);
  await expect(topic).toContainText('Out of scope');
  await expect(topic.getByRole('cell').nth(2)).toHaveText('3');
  await topic.getByRole('link').click();

  // The resolver lists the topic's questions; a new item is made of all of them.
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/resolver\\?`));
  for (const question of PARCEL) await expect(page.getByRole('link', { name: question })).toBeVisible();
  await expect(page.getByText('Applies to all 3 questions')).toBeVisible();
  const fix = page.getByRole('region', { name: 'Fix' });
  await fix.getByRole('tab', { name: 'New item' }).click();
  await fix.getByRole('textbox', { name: 'Subject' }).fill('Parcel tracking');
  await fix.getByRole('button', { name: 'Create content item' }).click();

  // Its page opens for its response; the utterances are the visitors' questions.
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/content/[0-9a-f-]{36}`));
  await expect(page.getByRole('heading', { name: 'Parcel tracking' })).toBeVisible();
  for (const question of PARCEL) await expect(page.getByText(question).first()).toBeVisible();

  // Synced, the fix is checked against the new version: the questions are now answered by the item.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Synced version 2' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/resolver\\?`));
  const history = page.getByRole('table', { name: 'Fix history' });
  await expect(history).toContainText("New content item 'Parcel tracking' with 3 utterances");
  await expect(history).toContainText('3 of 3 now answered as intended in version 2', { timeout: 60_000 });
});
