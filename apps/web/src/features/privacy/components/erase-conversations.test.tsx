import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type ErasurePreview } from '@console/contracts';
import { apiErrorResponse, fakeApi, type ApiCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { EraseConversations } from './erase-conversations';

const C1 = '0193a0c4-1111-7000-8000-000000000001';
const C2 = '0193a0c4-2222-7000-8000-000000000002';
const T1 = '5a0c2f36-3333-4000-8000-000000000003';

const found: ErasurePreview = {
  conversations: 2,
  events: 6,
  feedback: 1,
  test_cases: 1,
  conv_ids: [C1, C2],
  test_case_ids: [T1],
  more: false,
  sample: [
    { conv_id: C1, issued_at: '2026-11-27T10:00:00.000Z', first_utterance: 'My name is Zelda Quist', event_count: 4 },
    { conv_id: C2, issued_at: '2026-11-26T10:00:00.000Z', first_utterance: 'do you sell saddles?', event_count: 2 },
  ],
};
const nothing: ErasurePreview = { conversations: 0, events: 0, feedback: 0, test_cases: 0, conv_ids: [], test_case_ids: [], more: false, sample: [] };

function renderPanel(preview: (call: ApiCall) => unknown = () => found) {
  const calls = fakeApi({
    'POST /project/p1/erasure/preview': preview,
    'POST /project/p1/erasure': () => ({ conversations: 2, events: 6, feedback: 1, test_cases: 1 }),
  });
  return { calls, ...renderWithProviders(<EraseConversations projectId="p1" />) };
}

describe('Erase Conversations', () => {
  it('previews what a value finds, asks naming the counts, and erases exactly what the preview listed', async () => {
    const { user, calls } = renderPanel();
    await user.type(screen.getByRole('textbox', { name: /Value/ }), 'Zelda Quist');
    await user.keyboard('{Enter}');
    const preview = await screen.findByRole('region', { name: 'Erasure preview' });
    expect(within(preview).getByText('Would erase 2 conversations, 6 events, 1 feedback answer, 1 test case.')).toBeInTheDocument();
    const rows = within(within(preview).getByRole('table', { name: 'Conversations to erase' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('My name is Zelda Quist');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { value: 'Zelda Quist' } });

    await user.click(within(preview).getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Conversations' });
    expect(within(dialog).getByText('Erase 2 conversations, 6 events, 1 feedback answer, 1 test case for good? This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('Erased 2 conversations, 6 events, 1 feedback answer, 1 test case.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: '/project/p1/erasure', body: { conv_ids: [C1, C2], test_case_ids: [T1], value: 'Zelda Quist' } });
    expect(screen.queryByRole('region', { name: 'Erasure preview' })).not.toBeInTheDocument();
  });

  it('erases nothing when the confirmation is cancelled', async () => {
    const { user, calls } = renderPanel();
    await user.type(screen.getByRole('textbox', { name: /Value/ }), 'Zelda');
    await user.click(screen.getByRole('button', { name: 'Preview Erasure' }));
    await user.click(await screen.findByRole('button', { name: 'Erase…' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Erase Conversations' })).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.path === '/project/p1/erasure')).toEqual([]);
  });

  it('takes conversation ids, one per line or separated by commas', async () => {
    const { user, calls } = renderPanel();
    await user.click(screen.getByRole('radio', { name: 'Conversation IDs' }));
    await user.type(screen.getByRole('textbox', { name: /Conversation IDs/ }), `${C1},\n${C2}`);
    await user.click(screen.getByRole('button', { name: 'Preview Erasure' }));
    await screen.findByRole('region', { name: 'Erasure preview' });
    expect(calls[0]!.body).toEqual({ conv_ids: [C1, C2] });
  });

  it("refuses a value shorter than 3 characters with the contracts' message, asking nothing", async () => {
    const { user, calls } = renderPanel();
    await user.type(screen.getByRole('textbox', { name: /Value/ }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Preview Erasure' }));
    expect(await screen.findByText(messages.atLeastChars('Value', 3))).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when nothing matches, and offers no erasure', async () => {
    const { user } = renderPanel(() => nothing);
    await user.type(screen.getByRole('textbox', { name: /Value/ }), 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Preview Erasure' }));
    expect(await screen.findByText('Nothing matches: no conversation or test case would be erased.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase…' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const { user } = renderPanel(() => apiErrorResponse(403, 'Forbidden', 'You may not do this.'));
    await user.type(screen.getByRole('textbox', { name: /Value/ }), 'Zelda');
    await user.click(screen.getByRole('button', { name: 'Preview Erasure' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not do this.');
  });
});
