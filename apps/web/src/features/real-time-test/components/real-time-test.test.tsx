import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RealtimeAnswer, SyncStatus } from '@console/contracts';
import { deploymentRecord, PROJECT } from '@/test/deploy-fixtures';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { RealTimeTest } from './real-time-test';

const CONV = '00000000-0000-4000-8000-0000000000c1';
const ANSWER = '0190f3b4-0000-7000-8000-0000000000a1';
const production = deploymentRecord({ id: 'deployment-1', display_name: 'Production', version: 7 });
const staging = deploymentRecord({ id: 'deployment-2', display_name: 'Staging', version: 9 });
const kiosk = deploymentRecord({ id: 'deployment-3', display_name: 'Kiosk' });
const status: SyncStatus = {
  newest_version: 10,
  synced_at: '2025-03-01T10:00:00.000Z',
  has_unsynced_changes: false,
  production: { deployment_id: production.id, display_name: 'Production', version: 7 },
};

/** The server: no web channel (the widget's own look), the newest version, the deployments, and answers naming the version asked (default the newest). */
function serve() {
  return fakeApi({
    [`GET /project/${PROJECT}/channel`]: () => ({ records: [], total: 0 }),
    [`GET /project/${PROJECT}/sync-status`]: () => status,
    [`GET /project/${PROJECT}/deployment`]: () => ({ records: [kiosk, production, staging], total: 3 }),
    [`POST /project/${PROJECT}/chat/query`]: (call): RealtimeAnswer => {
      const { version } = call.body as { version?: number };
      return {
        conv_id: CONV,
        answer_id: ANSWER,
        response_type: 'content',
        content_id: null,
        reporting_id: null,
        response: { children: [{ type: 'hierarchy_paragraph', children: [{ type: 'hierarchy_text', value: 'We open at nine.' }] }] },
        actions: [],
        confidence: 0.9,
        trace: [],
        version: version ?? 10,
      };
    },
    [`POST /project/${PROJECT}/chat/feedback`]: (call) => ({ ...(call.body as object), comment: '', updated_at: '2025-03-01T10:05:00.000Z' }),
  });
}

/** The widget draws in its own shadow root. */
async function widget(container: HTMLElement): Promise<HTMLElement> {
  const root = await waitFor(() => {
    const shadow = container.querySelector('[data-assistant-widget]')?.shadowRoot;
    if (!shadow?.querySelector('form')) throw new Error('The widget has not drawn yet');
    return shadow;
  });
  return root as unknown as HTMLElement;
}

describe('RealTimeTest: whom it asks', () => {
  it('offers the newest sync and each deployment that answers from a version, each with its version', async () => {
    serve();
    const { user } = renderWithProviders(<RealTimeTest projectId={PROJECT} onLeave={() => {}} />);
    const ask = await screen.findByLabelText('Ask', { selector: 'input' });
    await waitFor(() => expect(ask).toHaveValue('Newest sync (version 10)'));
    await user.click(ask);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Newest sync (version 10)', 'Production (version 7)', 'Staging (version 9)']);
  });

  it("sends the chosen deployment's version with each question and says which version answered", async () => {
    const calls = serve();
    const { user, container } = renderWithProviders(<RealTimeTest projectId={PROJECT} onLeave={() => {}} />);
    await user.click(await screen.findByLabelText('Ask', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Production (version 7)' }));

    const shadow = await widget(container);
    await user.type(within(shadow).getByRole('textbox'), 'When do you open?{Enter}');
    expect(await within(shadow).findByText('Answered by version 7')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ utterance: 'When do you open?', version: 7 });
  });

  it('asks the newest sync without naming a version', async () => {
    const calls = serve();
    const { user, container } = renderWithProviders(<RealTimeTest projectId={PROJECT} onLeave={() => {}} />);
    const shadow = await widget(container);
    await user.type(within(shadow).getByRole('textbox'), 'When do you open?{Enter}');
    expect(await within(shadow).findByText('Answered by version 10')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('version');
  });
});

describe('RealTimeTest: feedback', () => {
  it("sends the thumbs visitors see to the project's Real-Time Test feedback", async () => {
    const calls = serve();
    const { user, container } = renderWithProviders(<RealTimeTest projectId={PROJECT} onLeave={() => {}} />);
    const shadow = await widget(container);
    await user.type(within(shadow).getByRole('textbox'), 'When do you open?{Enter}');
    await user.click(await within(shadow).findByRole('button', { name: 'Helpful' }));
    expect(await within(shadow).findByText('Thanks for your feedback')).toBeVisible();
    expect(within(shadow).getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((call) => call.path.endsWith('/chat/feedback')).map((call) => call.body)).toEqual([{ answer_id: ANSWER, rating: 'up' }]);
  });
});
