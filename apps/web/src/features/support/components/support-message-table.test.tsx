import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { SupportMessageTable } from './support-message-table';

const messages = [
  { id: 'm2', created_at: '2026-11-27T10:00:00.000Z', sender_email: 'walk-in@example.org', sender_name: null, signed_in: false, message: 'I cannot sign in.\nPlease help.' },
  { id: 'm1', created_at: '2026-11-26T10:00:00.000Z', sender_email: 'sam@example.org', sender_name: 'Sam', signed_in: true, message: '<b>Where</b> is my invoice?' },
];

describe('the support messages of the admin panel', () => {
  it('list each message as text with who sent it, and say when an address was only typed', async () => {
    const calls = fakeApi({ 'GET /support': () => ({ records: messages, total: 2 }) });
    renderWithProviders(<SupportMessageTable />);
    await screen.findByText('walk-in@example.org');
    const table = screen.getByRole('table', { name: 'Support Messages' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('walk-in@example.org');
    expect(rows[1]).toHaveTextContent('Not signed in: the address was typed, not proven');
    expect(rows[2]).toHaveTextContent('Sam');
    expect(within(rows[2]!).getByText('<b>Where</b> is my invoice?')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/support');
  });

  it('say so when there is none', async () => {
    fakeApi({ 'GET /support': () => ({ records: [], total: 0 }) });
    renderWithProviders(<SupportMessageTable />);
    expect(await screen.findByText('No support messages yet.')).toBeInTheDocument();
  });
});
