import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@console/contracts';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AuditLogTable } from './audit-log-table';

const base = {
  actor_type: 'user',
  actor_id: 'u1',
  actor_label: 'ann@example.com',
  address: '203.0.113.9',
  workspace_id: 'w1',
  project_id: 'p1',
  resource_type: 'project',
  resource_id: 'p1',
  resource_label: 'Shop Help',
} as const;

const entries: AuditEntry[] = [
  {
    ...base,
    id: 'a2',
    created_at: '2026-11-27T10:00:00.000Z',
    action: 'project.settings_changed',
    details: { changes: { response_word_cutoff: { before: 80, after: 120 } } },
  },
  { ...base, id: 'a1', created_at: '2026-11-26T10:00:00.000Z', action: 'conversations.erased', actor_type: 'api_key', actor_label: 'Privacy bot (…x1Yz)', details: { conversations: 3, events: 12 } },
];

describe('the audit log', () => {
  it('shows each entry with what happened, who, from where, on what, and what changed', async () => {
    fakeApi({ 'GET /workspace/w1/audit': () => ({ records: entries, total: 2 }) });
    renderWithProviders(<AuditLogTable scope={{ workspaceId: 'w1' }} />);
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    await within(table).findByText('Settings changed');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('ann@example.com');
    expect(rows[1]).toHaveTextContent('203.0.113.9');
    expect(rows[1]).toHaveTextContent('Shop Help');
    expect(rows[1]).toHaveTextContent('response_word_cutoff: 80 → 120');
    expect(rows[2]).toHaveTextContent('Conversations erased');
    expect(rows[2]).toHaveTextContent('API key');
    expect(rows[2]).toHaveTextContent('conversations: 3; events: 12');
  });

  it("reads every entry for a super user's scope, and says so when there is none", async () => {
    const calls = fakeApi({ 'GET /audit': () => ({ records: [], total: 0 }) });
    renderWithProviders(<AuditLogTable scope="all" />);
    expect(await screen.findByText('No entries yet.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/audit']);
  });

  it('exports what the filters select as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = fakeApi({
      'GET /workspace/w1/audit': () => ({ records: entries, total: 2 }),
      'GET /workspace/w1/audit/export': () => new Response('created_at,action\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    renderWithProviders(<AuditLogTable scope={{ workspaceId: 'w1' }} />, { route: '/?action__eq=project.settings_changed' });
    await screen.findByText('Settings changed');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((call) => call.path === '/workspace/w1/audit/export')!;
    expect(exported.query.get('action__eq')).toBe('project.settings_changed');
    expect(exported.query.has('limit')).toBe(false);
  });
});
