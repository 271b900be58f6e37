import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKeyScope, CreatedApiKey } from '@console/contracts';
import { renderWithProviders } from '@/test/render';
import { CreatedApiKeyModal } from './created-api-key-modal';

const createdWith = (scopes: ApiKeyScope[]): CreatedApiKey => ({
  id: 'k1',
  display_name: 'Forget me',
  description: '',
  status: 'active',
  hint: 'abcd',
  scopes,
  resource_type: 'deployment',
  resource_id: '5a0c2f36-3333-4000-8000-000000000003',
  expires_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  key: 'ack_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
});

describe('the Created API Key dialog', () => {
  it('lists the routes its scopes open: the erasure calls for erase_conversations alone', async () => {
    renderWithProviders(<CreatedApiKeyModal created={createdWith(['erase_conversations'])} onDone={() => {}} />);
    const usage = await screen.findByRole('region', { name: 'How to use the key' });
    expect(usage).toHaveTextContent('POST /api/v1/conversation-store/erasure/preview');
    expect(usage).toHaveTextContent('POST /api/v1/conversation-store/erasure:');
    expect(usage).not.toHaveTextContent('GET /api/v1/conversation-store/conv');
  });

  it('lists the reading routes for read_conversation_store', async () => {
    renderWithProviders(<CreatedApiKeyModal created={createdWith(['read_conversation_store'])} onDone={() => {}} />);
    const usage = await screen.findByRole('region', { name: 'How to use the key' });
    expect(usage).toHaveTextContent('GET /api/v1/conversation-store/query');
    expect(usage).not.toHaveTextContent('erasure');
  });
});
