import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_SETTINGS, messages, type Project } from '@console/contracts';
import { fakeApi, type ApiCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PrivacySettings } from './privacy-settings';

const project: Project = {
  id: 'p1',
  workspace_id: 'w1',
  display_name: 'Help Desk',
  description: '',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  synced_at: null,
  response_word_cutoff: 200,
  out_of_scope_response: 'Sorry.',
  handoff_message: 'Write to us.',
  pipeline_config: {},
  jargon: { mappings: [] },
  ...DEFAULT_PRIVACY_SETTINGS,
};

const lastRun = {
  id: 'job-1',
  kind: 'retention',
  status: 'succeeded',
  done: 12,
  total: 12,
  error: null,
  cancel_requested: false,
  created_at: '2026-11-27T10:00:00.000Z',
  started_at: '2026-11-27T10:00:01.000Z',
  finished_at: '2026-11-27T10:00:02.000Z',
  eta_ms: null,
};

function renderSettings(canUpdate = true) {
  const calls: ApiCall[] = fakeApi({
    'PUT /project/p1/privacy': (call) => ({ ...project, ...(call.body as object) }),
    'GET /project/p1/privacy/retention': () => ({ last_run: lastRun }),
  });
  return { calls, ...renderWithProviders(<PrivacySettings project={project} canUpdate={canUpdate} />) };
}

describe('the Privacy settings', () => {
  it('show redaction on for every kind and conversations kept 365 days by default', () => {
    renderSettings();
    expect(screen.getByRole('switch', { name: /Redact personal data/ })).toBeChecked();
    for (const kind of ['E-mail addresses', 'Payment card numbers', 'IBANs', 'IP addresses', 'Phone numbers']) {
      expect(screen.getByRole('checkbox', { name: new RegExp(kind) })).toBeChecked();
    }
    expect(screen.getByRole('textbox', { name: 'Retention Days' })).toHaveValue('365');
  });

  it('say when conversations were last deleted, and how many', async () => {
    renderSettings();
    expect(await screen.findByText(/Latest run: .*, 12 conversations deleted\./)).toBeInTheDocument();
  });

  it('save the kinds chosen', async () => {
    const { user, calls } = renderSettings();
    await user.click(screen.getByRole('checkbox', { name: /IP addresses/ }));
    await user.click(screen.getByRole('button', { name: 'Save Privacy' }));
    await screen.findByText('Saved!');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({ redaction_enabled: true, redaction_kinds: ['email', 'card', 'iban', 'phone'], retention_days: 365 });
  });

  it('ask before a shorter retention deletes history, and save nothing when cancelled', async () => {
    const { user, calls } = renderSettings();
    const days = screen.getByRole('textbox', { name: 'Retention Days' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save Privacy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shorten Retention' });
    expect(within(dialog).getByText(/Keep conversations for 30 days\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Not saved: the shorter retention was not confirmed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save Privacy' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Shorten Retention' })).getByRole('button', { name: 'Shorten Retention' }));
    await screen.findByText('Saved!');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ redaction_enabled: true, redaction_kinds: ['email', 'card', 'iban', 'ip', 'phone'], retention_days: 30 }]);
  });

  it('say what a retention out of range breaks, and keep forever without a number', async () => {
    const { user, calls } = renderSettings();
    const days = screen.getByRole('textbox', { name: 'Retention Days' });
    await user.clear(days);
    await user.type(days, '4000');
    await user.tab();
    expect(await screen.findByText(messages.notGreaterThan('Retention Days', 3650))).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Forever' }));
    expect(days).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save Privacy' }));
    await screen.findByText('Saved!');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toMatchObject({ retention_days: null });
  });

  it('are read-only for those who may not change them', () => {
    renderSettings(false);
    expect(screen.queryByRole('button', { name: 'Save Privacy' })).not.toBeInTheDocument();
    expect(screen.getByText('Project admins change these settings.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Redact personal data/ })).toBeDisabled();
  });
});
