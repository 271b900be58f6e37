import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { CALL_SIGNATURE_HEADER, DEFAULT_WEB_CHANNEL_CONFIG, defaultSlotReprompt, widgetSnippet, type Channel, type Deployment, type ListResponse } from '@console/contracts';
import { call, signInToken } from './support/api';
import { addAttribute, pick } from './support/builder';
import { serveCustomerPage, type CustomerSite } from './support/customer-site';
import { deployFromItsPage } from './support/deploy';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

/**
 * A flow from the builder to a visitor, as a team takes it: a repair booking built node by node in the
 * console, saved, synced and deployed with the header's buttons, then held in the widget on the shop's
 * own site (another origin), where the visitor's answer off the list is asked again, and the shop's
 * booking endpoint receives the collected slots once, normalised (the day as a date), signed, and its
 * reply is the assistant's answer.
 */

const concierge = 'Workshop';
const bikeTypes = ['road bike', 'mountain bike', 'city bike'];

interface BookingCall {
  body: { sequence: { name: string }; node: { name: string }; conv_id: string; slots: Record<string, string>; configuration: Record<string, unknown> };
  signature: string | undefined;
}

let projectId = '';
let site: CustomerSite;
let booking: Server;
let bookingUrl = '';
const bookings: BookingCall[] = [];

/** The shop's booking endpoint: books what the flow collected and says so. */
async function startBookingEndpoint() {
  booking = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text) as BookingCall['body'];
      bookings.push({ body, signature: request.headers[CALL_SIGNATURE_HEADER] as string | undefined });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ text: `Booked: your ${body.slots['bike type']} on ${body.slots.day}. See you then!` }));
    });
  });
  await new Promise<void>((resolve) => booking.listen(0, '127.0.0.1', resolve));
  bookingUrl = `http://127.0.0.1:${(booking.address() as AddressInfo).port}/bookings`;
}

test.beforeAll(async ({ playwright }) => {
  await startBookingEndpoint();
  const baseUrl = process.env.E2E_BASE_URL!;
  const api = await playwright.request.newContext({ baseURL: baseUrl });
  try {
    const token = await signInToken(api, users.plain);
    projectId = (await call<{ id: string }>(api, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: 'Bike Workshop' })).id;
    const hours = await call<{ id: string }>(api, 'post', `/project/${projectId}/content`, token, { subject: 'Opening hours' });
    for (const text of ['When are you open?', 'What are your opening hours?']) await call(api, 'post', `/content/${hours.id}/utterance`, token, { text });
    await call(api, 'post', `/project/${projectId}/slot`, token, { name: 'bike type', terms: bikeTypes });
    await call(api, 'post', `/project/${projectId}/slot`, token, { name: 'day', type: 'date', locale: 'en-GB' });
    await call(api, 'post', `/project/${projectId}/intent`, token, {
      intent: 'book a repair',
      utterances: ['I want to book a repair', 'can you fix my bike', 'schedule a bike repair', 'my bike needs a service appointment'],
    });

    const channel = await call<Channel>(api, 'post', `/project/${projectId}/channel`, token, { display_name: 'Shop website', type: 'web' });
    await call(api, 'put', `/channel/${channel.id}`, token, { display_name: 'Shop website', status: 'active' });
    await call(api, 'put', `/channel/${channel.id}/config`, token, {
      config: { ...DEFAULT_WEB_CHANNEL_CONFIG, concierge: { ...DEFAULT_WEB_CHANNEL_CONFIG.concierge, name: concierge } },
    });
    const deployments = await call<ListResponse<Deployment>>(api, 'get', `/project/${projectId}/deployment`, token);
    // The deployment the test deploys on its page; new projects have Staging beside it.
    const deployment = deployments.records.find((record) => record.display_name === 'Production')!;
    site = await serveCustomerPage(widgetSnippet(baseUrl, deployment.key, channel.key), { title: 'Bike Workshop' });
    await call(api, 'put', `/project/${projectId}/deployment/${deployment.id}`, token, { allowed_origins: site.origin });
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await site?.close();
  await new Promise((resolve) => booking?.close(resolve));
});

test('a repair booking built in the builder, synced and deployed, is held by a visitor in the widget on the shop site', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/sequence`);
  await page.getByRole('button', { name: 'Create Sequence' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Sequence' });
  await dialog.getByLabel('Name').fill('Repair booking');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Repair booking', level: 2 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Selected node' });

  await page.getByRole('button', { name: 'Add Node' }).click();
  await panel.getByLabel('Node name').fill('Ask');
  await addAttribute(page, 'Entry Intents');
  await pick(panel, 'Intents', ['book a repair']);
  await addAttribute(page, 'Collect Slots');
  await pick(panel, 'Slots', ['bike type', 'day']);
  await panel.getByLabel('Prompt for bike type', { exact: true }).fill('What kind of bike is it?');
  await panel.getByLabel('Prompt for day', { exact: true }).fill('Which day suits you?');

  await page.getByRole('button', { name: 'Add Node' }).click();
  await panel.getByLabel('Node name').fill('Book');
  await addAttribute(page, 'Business Logic');
  await panel.getByLabel('URL').fill('bookings.example');
  await expect(panel.getByText('URL must be a valid URL')).toBeVisible();
  await panel.getByLabel('URL').fill(bookingUrl);
  await panel.getByLabel('Configuration').fill('{"workshop": "north"}');
  const ask = page.getByRole('group', { name: 'Node Ask', exact: true });
  await ask.locator('.react-flow__handle.source').dragTo(page.getByRole('group', { name: 'Node Book', exact: true }).locator('.react-flow__handle.target'));
  await expect(page.getByRole('group', { name: 'Transition from Ask to Book', exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved!')).toBeVisible();

  const header = page.getByRole('banner');
  const deploy = header.getByRole('button', { name: 'Deploy', exact: true });
  await header.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(deploy).toBeEnabled({ timeout: 90_000 });
  // The project's deployment is chosen and deployed on its own screen.
  await deploy.click();
  await page.getByRole('table', { name: 'Deployments' }).getByRole('link', { name: 'Production' }).click();
  const details = page.getByRole('region', { name: 'Deployment details' });
  await deployFromItsPage(page);
  await expect(details.getByRole('row', { name: /^Deployed/ })).not.toContainText('Never deployed');

  // A visitor on the shop's site, another origin than the console's.
  await page.goto(site.origin);
  await page.getByRole('button', { name: `Open ${concierge}` }).click();
  const widget = page.getByRole('dialog', { name: concierge });
  const question = widget.getByLabel('Your question');
  const log = widget.getByRole('log');
  await question.fill('Hi, can I book a repair for my bike?');
  await question.press('Enter');
  await expect(log).toContainText('What kind of bike is it?');
  // An answer off the list is asked again, the slot's terms offered as quick replies.
  await question.fill('a tandem');
  await question.press('Enter');
  await expect(log).toContainText(defaultSlotReprompt('bike type'));
  await log.getByRole('button', { name: 'mountain bike' }).last().click();
  await expect(log).toContainText('Which day suits you?');
  expect(bookings).toEqual([]);
  // The day is a date slot: the visitor's words are read as the date they name.
  await question.fill('next saturday would be great');
  await question.press('Enter');
  await expect(log).toContainText(/Booked: your mountain bike on \d{4}-\d{2}-\d{2}\. See you then!/);

  expect(bookings).toHaveLength(1);
  expect(bookings[0]!.body).toMatchObject({
    sequence: { name: 'Repair booking' },
    node: { name: 'Book' },
    slots: { 'bike type': 'mountain bike', day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    configuration: { workshop: 'north' },
  });
  // A Saturday, after today.
  const booked = new Date(`${bookings[0]!.body.slots.day}T12:00:00Z`);
  expect(booked.getUTCDay()).toBe(6);
  expect(booked.getTime()).toBeGreaterThan(Date.now() - 86_400_000);
  expect(bookings[0]!.signature).toMatch(/^[\w-]+\.\.[\w-]+$/);
});
