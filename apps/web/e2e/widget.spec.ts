import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_WEB_CHANNEL_CONFIG, widgetSnippet, type Channel, type Deployment, type ListResponse, type PmDocument, type PmText } from '@console/contracts';
import { call, signInToken } from './support/api';
import { serveCustomerPage, type CustomerSite } from './support/customer-site';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

/**
 * The snippet on customers' pages: each page is served by its own tiny server, so it has an origin of
 * its own (another port) than the console's server, as a customer's site would.
 */

const hours = {
  subject: 'Opening hours',
  answer: 'We are open from nine to five, Monday to Saturday.',
  utterances: ['What are your opening hours?', 'When are you open?', 'opening times of the shop', 'Are you open on Saturday?'],
};
const delivery = {
  subject: 'Delivery',
  answer: 'Delivery takes two working days.',
  utterances: ['How long does delivery take?', 'When will my parcel arrive?', 'delivery time', 'shipping duration'],
};
const concierge = 'Ava';
const openButtonColor = '#2b8a3e';
/** A host style sheet that would restyle every button and dialog it could reach: the widget's shadow root keeps it out. */
const HOSTILE_STYLES = '<style>button { background: rgb(255, 0, 0) !important; font-size: 40px !important; } [role=dialog] { display: none !important; }</style>';

function paragraphPm(text: string, link?: { text: string; href: string }): PmDocument {
  const content: PmText[] = [{ type: 'text', text }];
  if (link) content.push({ type: 'text', text: ' ' }, { type: 'text', text: link.text, marks: [{ type: 'link', attrs: { href: link.href, target: '_blank' } }] });
  return { type: 'doc', content: [{ type: 'paragraph', content }] };
}

async function createItem(api: APIRequestContext, token: string, projectId: string, item: typeof hours, withActions: boolean) {
  const content = await call<{ id: string }>(api, 'post', `/project/${projectId}/content`, token, { subject: item.subject });
  const link = withActions ? { text: 'See all hours', href: 'https://example.com/hours' } : undefined;
  await call(api, 'put', `/content/${content.id}/response`, token, { response_pm: paragraphPm(item.answer, link) });
  for (const text of item.utterances) await call(api, 'post', `/content/${content.id}/utterance`, token, { text });
  if (!withActions) return;
  await call(api, 'post', `/content/${content.id}/action`, token, { type: 'event', config: { label: 'Talk to a person', event: 'handover' } });
  await call(api, 'post', `/content/${content.id}/action`, token, { type: 'query', config: { label: 'Delivery times', utterance: delivery.utterances[0] } });
}

/** What a page's widget asked the chat API. */
function recordQueries(page: Page): Array<{ utterance: string; conv_id?: string }> {
  const queries: Array<{ utterance: string; conv_id?: string }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/query')) queries.push(request.postDataJSON());
  });
  return queries;
}

let allowed: CustomerSite;
let refused: CustomerSite;
/** An allowed origin whose snippet names a channel still in draft. */
let draftPage: CustomerSite;
/** The shop's project, whose conversations the console shows. */
let shopProjectId: string;

test.beforeAll(async ({ playwright }) => {
  const baseUrl = process.env.E2E_BASE_URL!;
  const api = await playwright.request.newContext({ baseURL: baseUrl });
  try {
    const token = await signInToken(api, users.plain);

    const project = await call<{ id: string }>(api, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: 'Corner Shop' });
    shopProjectId = project.id;
    await createItem(api, token, project.id, hours, true);
    await createItem(api, token, project.id, delivery, false);

    const channel = await call<Channel>(api, 'post', `/project/${project.id}/channel`, token, { display_name: 'Shop website', type: 'web' });
    await call(api, 'put', `/channel/${channel.id}`, token, { display_name: 'Shop website', status: 'active' });
    const draft = await call<Channel>(api, 'post', `/project/${project.id}/channel`, token, { display_name: 'Next website', type: 'web' });
    expect(draft.status).toBe('draft');
    const config = {
      ...DEFAULT_WEB_CHANNEL_CONFIG,
      concierge: { ...DEFAULT_WEB_CHANNEL_CONFIG.concierge, name: concierge },
      window: { ...DEFAULT_WEB_CHANNEL_CONFIG.window, openButtonColor },
    };
    await call(api, 'put', `/channel/${channel.id}/config`, token, { config });

    await call(api, 'post', `/project/${project.id}/sync`, token);
    const { records } = await call<ListResponse<Deployment>>(api, 'get', `/project/${project.id}/deployment`, token);
    const deployment = records[0]!;
    const snippet = widgetSnippet(baseUrl, deployment.key, channel.key);
    allowed = await serveCustomerPage(snippet, { title: 'Corner Shop', head: HOSTILE_STYLES });
    refused = await serveCustomerPage(snippet, { title: 'Corner Shop', head: HOSTILE_STYLES });
    draftPage = await serveCustomerPage(widgetSnippet(baseUrl, deployment.key, draft.key), { title: 'Corner Shop' });
    await call(api, 'put', `/project/${project.id}/deployment/${deployment.id}`, token, { allowed_origins: `${allowed.origin},${draftPage.origin}` });
    await call(api, 'post', `/project/${project.id}/deployment/${deployment.id}/deploy`, token);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await Promise.all([allowed?.close(), refused?.close(), draftPage?.close()]);
});

test('a page on an allowed origin gets answers from the deployed project through the snippet', async ({ page }) => {
  const chatBundles: string[] = [];
  page.on('request', (request) => {
    if (/\/widget\/chat-[\w-]+\.js$/.test(request.url())) chatBundles.push(request.url());
  });
  const queries = recordQueries(page);
  await page.addInitScript(() => {
    const events: unknown[] = [];
    Object.assign(window, { widgetEvents: events });
    window.addEventListener('assistant-widget:event', (event) => events.push((event as CustomEvent).detail));
  });
  await page.goto(allowed.origin);

  // The channel's configuration is applied, and the page's own CSS does not reach the launcher.
  const launcher = page.getByRole('button', { name: `Open ${concierge}` });
  await expect(launcher).toBeVisible();
  await expect(launcher).toHaveCSS('background-color', 'rgb(43, 138, 62)');
  // Only the loader is on the page until the visitor opens the chat.
  expect(chatBundles).toEqual([]);

  await launcher.click();
  const dialog = page.getByRole('dialog', { name: concierge });
  await expect(dialog).toBeVisible();
  const question = dialog.getByLabel('Your question');
  await expect(question).toBeFocused();
  expect(chatBundles).toHaveLength(1);

  await question.fill(hours.utterances[0]!);
  await question.press('Enter');
  const log = dialog.getByRole('log');
  await expect(log).toContainText(hours.answer);
  const link = log.getByRole('link', { name: 'See all hours' });
  await expect(link).toHaveAttribute('href', 'https://example.com/hours');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');

  // Quick replies: an event reaches the host page, a query is asked as the next question.
  await log.getByRole('button', { name: 'Talk to a person' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { widgetEvents: unknown[] }).widgetEvents)).toEqual([
    { event: 'handover', label: 'Talk to a person' },
  ]);
  await log.getByRole('button', { name: 'Delivery times' }).click();
  await expect(log).toContainText(delivery.answer);

  // One conversation: the id the server issued for the first question goes with the next.
  expect(queries).toHaveLength(2);
  expect(queries[0]!.conv_id).toBeUndefined();
  expect(queries[1]!.conv_id).toMatch(/^[0-9a-f-]{36}$/);

  // Escape closes the window and gives focus back to the launcher.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
});

test("a visitor's thumbs down and comment under an answer reach the conversation in the console, as text", async ({ page, browser }) => {
  const comment = '<b>Not</b> the hours I asked for';
  await page.goto(allowed.origin);
  await page.getByRole('button', { name: `Open ${concierge}` }).click();
  const dialog = page.getByRole('dialog', { name: concierge });
  await dialog.getByLabel('Your question').fill(hours.utterances[0]!);
  await dialog.getByLabel('Your question').press('Enter');
  const log = dialog.getByRole('log');
  await expect(log).toContainText(hours.answer);

  // Thumbs down opens an optional comment, counted against its limit; Send says thanks.
  const thumbs = log.getByRole('group', { name: 'Was this helpful?' }).last();
  await thumbs.getByRole('button', { name: 'Not helpful', exact: true }).click();
  await expect(thumbs.getByRole('button', { name: 'Not helpful', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const form = log.getByRole('form', { name: 'Comment on this answer' });
  await form.getByLabel('What was wrong? (optional)').fill(comment);
  await expect(form).toContainText(`${comment.length}/500`);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText('Thanks for your feedback')).toBeVisible();

  // In the console the answer carries the visitor's thumb and comment, shown as text.
  const team = await browser.newPage();
  await signIn(team, users.plain);
  await team.goto(`/project/${shopProjectId}/conv`);
  await team.getByRole('table', { name: 'Conversations' }).getByRole('link').first().click();
  const transcript = team.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('img', { name: 'Disliked' })).toBeVisible();
  await expect(transcript.getByText(comment)).toBeVisible();
  await team.close();
});

/** The widget's own console messages (the browser's CORS report is not one of them). */
function widgetMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Assistant widget:')) messages.push(message.text());
  });
  return messages;
}

/** The loader has finished once the channel's configuration was asked and answered (or refused). */
async function loadAndSettle(page: Page, origin: string): Promise<void> {
  const asked = page.waitForEvent('requestfinished', (request) => request.url().includes('/channel/')).catch(() => undefined);
  const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/channel/')).catch(() => undefined);
  await page.goto(origin);
  await Promise.race([asked, failed]);
}

test('a page on an origin the deployment does not allow shows no widget, and the console says why', async ({ page }) => {
  const messages = widgetMessages(page);
  await loadAndSettle(page, refused.origin);
  await expect.poll(() => messages).toHaveLength(1);
  expect(messages[0]).toContain('Allowed Origins');
  expect(messages[0]).toContain(refused.origin);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.locator('[data-assistant-widget]')).toHaveCount(0);
});

test('a snippet of a channel still in draft shows no widget, and the console says the channel is not active', async ({ page }) => {
  const messages = widgetMessages(page);
  await loadAndSettle(page, draftPage.origin);
  await expect.poll(() => messages).toHaveLength(1);
  expect(messages[0]).toContain('No active web channel of this deployment has this key.');
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.locator('[data-assistant-widget]')).toHaveCount(0);
});

test('the widget files are served for other sites to load, the loader briefly cached, the chat bundle for good', async ({ request }) => {
  const loader = await request.get('/widget/loader.js');
  expect(loader.status()).toBe(200);
  expect(loader.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect(loader.headers()['access-control-allow-origin']).toBe('*');
  expect(loader.headers()['cache-control']).toBe('public, max-age=300');
  const chatBundle = /chat-[\w-]+\.js/.exec(await loader.text())?.[0];
  expect(chatBundle).toBeTruthy();
  const bundle = await request.get(`/widget/${chatBundle}`);
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect(bundle.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
