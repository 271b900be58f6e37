import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Deployment, ListResponse, Project } from '@console/contracts';
import { call, signInToken } from './support/api';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

/** The page visitors ask from: an allowed origin of Production. */
const SITE = 'https://privacy.example.com';
const ADDRESS = 'jane.doe@example.org';
const QUESTION = `When do you open? Write to me at ${ADDRESS}`;

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** A project answering opening hours, deployed to Production for SITE, asked one question holding an e-mail address. */
async function askedProject(request: APIRequestContext, name: string) {
  const token = await signInToken(request, users.plain);
  const project = await call<Project>(request, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: name });
  const item = await call<{ id: string }>(request, 'post', `/project/${project.id}/content`, token, { subject: 'Opening hours' });
  await call(request, 'put', `/content/${item.id}/response`, token, { response_pm: doc('We open at nine.') });
  for (const text of ['When do you open?', 'opening hours']) await call(request, 'post', `/content/${item.id}/utterance`, token, { text });
  await call(request, 'post', `/project/${project.id}/sync`, token, {});
  const deployments = await call<ListResponse<Deployment>>(request, 'get', `/project/${project.id}/deployment`, token);
  const production = deployments.records.find((deployment) => deployment.display_name === 'Production')!;
  await call(request, 'put', `/project/${project.id}/deployment/${production.id}`, token, { allowed_origins: SITE });
  await call(request, 'post', `/project/${project.id}/deployment/${production.id}/deploy`, token, { version: 1 });
  const ask = async (utterance: string) => {
    const response = await request.post(`/api/v1/chat/${production.key}/query`, { headers: { origin: SITE }, data: { utterance } });
    expect(response.ok(), `the chat API answered ${response.status()}: ${await response.text()}`).toBe(true);
  };
  await ask(QUESTION);
  return { projectId: project.id, ask };
}

test('a visitor’s e-mail address is stored as a marker, and a project admin sets redaction and a shorter retention after confirming', async ({ page, request }) => {
  const { projectId } = await askedProject(request, 'Privacy Desk');
  await signIn(page, users.plain);

  // The conversation holds the marker where the visitor typed the address.
  await page.goto(`/project/${projectId}/conv`);
  const conversations = page.getByRole('table', { name: 'Conversations' });
  await expect(conversations.getByRole('row')).toHaveCount(2);
  await conversations.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByText('When do you open? Write to me at [EMAIL]').first()).toBeVisible();
  await expect(page.getByText(ADDRESS)).toHaveCount(0);

  // Project Settings, Privacy: every kind on, 365 days.
  await page.getByRole('navigation', { name: 'Project tools' }).getByRole('link', { name: 'Project Settings' }).click();
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await expect(privacy.getByRole('switch', { name: /Redact personal data/ })).toBeChecked();
  await expect(privacy.getByRole('checkbox', { name: /IP addresses/ })).toBeChecked();
  await expect(privacy.getByText('Conversations past the retention are deleted every hour; none has run yet.')).toBeVisible();
  await privacy.getByRole('checkbox', { name: /IP addresses/ }).click();
  const days = privacy.getByRole('textbox', { name: 'Retention Days' });
  await days.fill('30');
  await privacy.getByRole('button', { name: 'Save Privacy' }).click();
  const confirm = page.getByRole('dialog', { name: 'Shorten Retention' });
  await expect(confirm).toContainText('Keep conversations for 30 days?');
  await confirm.getByRole('button', { name: 'Shorten Retention' }).click();
  await expect(privacy.getByText('Saved!')).toBeVisible();

  // As stored: read again after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Privacy' }).getByRole('textbox', { name: 'Retention Days' })).toHaveValue('30');
  await expect(page.getByRole('region', { name: 'Privacy' }).getByRole('checkbox', { name: /IP addresses/ })).not.toBeChecked();
});

test('a project admin erases the conversations holding a visitor’s name after a preview and a confirmation naming the counts', async ({ page, request }) => {
  const { projectId, ask } = await askedProject(request, 'Erasure Desk');
  await ask('I am Zelda Quist, when do you open?');
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}`);

  const erasure = page.getByRole('region', { name: 'Erase Conversations' });
  // Too short a value would erase too much: the contracts' message, nothing asked.
  await erasure.getByRole('textbox', { name: 'Value' }).fill('ze');
  await erasure.getByRole('button', { name: 'Preview Erasure' }).click();
  await expect(erasure.getByText('Value must be at least 3 characters')).toBeVisible();

  await erasure.getByRole('textbox', { name: 'Value' }).fill('zelda quist');
  await erasure.getByRole('textbox', { name: 'Value' }).press('Enter');
  const preview = erasure.getByRole('region', { name: 'Erasure preview' });
  await expect(preview).toContainText('Would erase 1 conversation, 2 events, 0 feedback answers, 0 test cases.');
  await expect(preview.getByRole('table', { name: 'Conversations to erase' })).toContainText('I am Zelda Quist, when do you open?');

  await preview.getByRole('button', { name: 'Erase…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase Conversations' });
  await expect(confirm).toContainText('Erase 1 conversation, 2 events, 0 feedback answers, 0 test cases for good?');
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(erasure.getByText('Erased 1 conversation, 2 events, 0 feedback answers, 0 test cases.')).toBeVisible();

  // Gone from the conversations; the other visitor's stays. Previewed again, nothing matches.
  await page.goto(`/project/${projectId}/conv`);
  const conversations = page.getByRole('table', { name: 'Conversations' });
  await expect(conversations.getByRole('row')).toHaveCount(2);
  await expect(conversations).not.toContainText('Zelda');
  await page.goto(`/project/${projectId}`);
  await erasure.getByRole('textbox', { name: 'Value' }).fill('Zelda Quist');
  await erasure.getByRole('button', { name: 'Preview Erasure' }).click();
  await expect(erasure.getByText('Nothing matches: no conversation or test case would be erased.')).toBeVisible();
});
