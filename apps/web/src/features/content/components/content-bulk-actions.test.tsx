import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_BULK_MAX_IDS, CONTENT_BULK_MAX_ITEMS, contentBulkMessages } from '@console/contracts';
import type { RowSelection } from '@/components/data-table';
import { fakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ContentBulkActions } from './content-bulk-actions';

const rows = (count: number): RowSelection => ({ kind: 'rows', keys: Array.from({ length: count }, (_, i) => `c${i}`) });

function renderWith(selection: RowSelection) {
  const calls = fakeApi({ 'POST /project/p1/content/bulk': () => ({ action: 'activate', count: 3 }) });
  const onDone = vi.fn();
  return { calls, onDone, ...renderWithProviders(<ContentBulkActions projectId="p1" selection={selection} onDone={onDone} />) };
}

describe('the content lists bulk actions', () => {
  it('activate the rows picked after one confirmation', async () => {
    const { user, calls, onDone } = renderWith(rows(3));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByText('Activate 3 content items?')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Activate' }).at(-1)!);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((call) => call.body)).toEqual([{ action: 'activate', ids: ['c0', 'c1', 'c2'] }]);
  });

  it('say why, instead of sending a call the server refuses, when more rows are picked than one call takes', () => {
    renderWith(rows(CONTENT_BULK_MAX_IDS + 1));
    expect(screen.getByText(`Select at most ${CONTENT_BULK_MAX_IDS} rows at once, or all that match the filters`)).toBeInTheDocument();
    for (const name of ['Activate', 'Deactivate', 'Delete']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('ask for a narrower filter when all matching would be more items than one call changes', () => {
    renderWith({ kind: 'matching', total: CONTENT_BULK_MAX_ITEMS + 1, filters: { status__eq: 'candidate' } });
    expect(screen.getByText(contentBulkMessages.tooManyItems)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
