import { expect, test } from '@playwright/test';
import { kbFromPlainText, kbToPm } from '@console/contracts';
import { call, signInToken } from './support/api';
import { ask } from './support/assistant';
import { signIn } from './support/sign-in';
import { seeded, users } from './support/users';

/**
 * A sequence tried in the Real-Time Test: a question naming its entry intent starts it, the widget
 * shows the slot's prompt with its terms as quick replies, a quick reply fills the slot, the flow
 * ends with the values it collected, and the trace says what each question did in the flow.
 */

let projectId: string;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL! });
  try {
    const token = await signInToken(api, users.plain);
    const project = await call<{ id: string }>(api, 'post', `/workspace/${seeded().workspaceId}/project`, token, { display_name: 'Table Booking' });
    projectId = project.id;
    const hours = await call<{ id: string }>(api, 'post', `/project/${projectId}/content`, token, { subject: 'Opening hours' });
    await call(api, 'put', `/content/${hours.id}/response`, token, { response_pm: kbToPm(kbFromPlainText('We are open from noon to midnight.')) });
    for (const text of ['When are you open?', 'What are your opening hours?', 'Are you open on Sunday?']) {
      await call(api, 'post', `/content/${hours.id}/utterance`, token, { text });
    }
    const city = await call<{ id: string }>(api, 'post', `/project/${projectId}/slot`, token, { name: 'city', terms: ['Paris', 'London'] });
    const book = await call<{ id: string }>(api, 'post', `/project/${projectId}/intent`, token, {
      intent: 'book a table',
      utterances: ['I would like to book a table', 'reserve a table for tonight', 'can I make a reservation'],
    });
    const sequence = await call<{ id: string }>(api, 'post', `/project/${projectId}/sequence`, token, { name: 'Booking' });
    const attributes = [
      { type: 'entry_intents', intents: [book.id] },
      { type: 'collect_slots', slots: [{ slot_id: city.id, prompt: 'In which city?' }] },
    ];
    await call(api, 'put', `/sequence/${sequence.id}`, token, { nodes: [{ id: crypto.randomUUID(), name: 'Where', position: { x: 0, y: 0 }, attributes }], transitions: [] });
    await call(api, 'post', `/project/${projectId}/sync`, token);
  } finally {
    await api.dispose();
  }
});

test('the Real-Time Test walks a sequence: its prompt with quick replies, the values it collected, and the flow in the trace', async ({ page }) => {
  await signIn(page, users.plain);
  await page.goto(`/project/${projectId}/content`);
  await page.getByRole('button', { name: 'Real-Time Test' }).click();
  const drawer = page.getByRole('dialog', { name: 'Real-Time Test' });
  const conversation = drawer.getByRole('log', { name: 'Conversation' });

  await ask(page, 'I would like to book a table');
  await expect(conversation).toContainText('In which city?');
  await conversation.getByRole('button', { name: 'London' }).click();
  await expect(conversation).toContainText('Thank you. I have noted: city: London.');

  await conversation.getByText('Trace', { exact: true }).last().click();
  const trace = conversation.getByRole('definition');
  await expect(trace.filter({ hasText: 'Sequence “Booking”, node “Where”: filled a slot, ended' })).toBeVisible();
  await expect(trace.filter({ hasText: 'Slots: city “London”' })).toBeVisible();
});
