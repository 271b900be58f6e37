import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DiffItem, VersionDiff } from '@console/contracts';
import { renderWithProviders } from '@/test/render';
import { VersionDiffView } from './version-diff-view';

const item = (fields: Partial<DiffItem> & Pick<DiffItem, 'kind' | 'change' | 'name'>): DiffItem => ({ id: fields.name, fields: [], lists: [], ...fields });

const diff: VersionDiff = {
  from: 7,
  to: 9,
  items: [
    item({ kind: 'setting', change: 'changed', name: 'word_cutoff', fields: [{ field: 'word_cutoff', before: '20', after: '30' }] }),
    item({
      kind: 'content',
      change: 'changed',
      name: 'Opening hours',
      fields: [
        {
          field: 'response',
          before: 'Our shop opens at nine in the morning and closes at six in the evening, Monday to Friday.',
          after: 'Our shop opens at eight in the morning and closes at six in the evening, Monday to Saturday.',
        },
      ],
      lists: [{ field: 'utterances', added: ['When do you open?'], removed: ['opening times'] }],
    }),
    item({ kind: 'intent', change: 'added', name: 'Refunds', fields: [{ field: 'name', before: null, after: 'Refunds' }] }),
  ],
};

describe('VersionDiffView', () => {
  it('groups the items by kind, in the order content, intents, ... settings', () => {
    renderWithProviders(<VersionDiffView diff={diff} />);
    expect(screen.getByText('From version 7 to version 9: 3 items differ.')).toBeVisible();
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual(['Content (1)', 'Intents (1)', 'Settings (1)']);
    expect(within(screen.getByRole('region', { name: 'Intents' })).getByRole('article', { name: 'Added: Refunds' })).toBeVisible();
  });

  it('shows a long text as a word diff: only the words that changed are marked', () => {
    renderWithProviders(<VersionDiffView diff={diff} />);
    const response = within(screen.getByRole('article', { name: 'Changed: Opening hours' })).getByTestId('text-diff');
    const marked = (tag: string) => [...response.querySelectorAll(tag)].map((element) => element.textContent);
    expect(marked('del')).toEqual(['removed: nine', 'removed: Friday']);
    expect(marked('ins')).toEqual(['added: eight', 'added: Saturday']);
    // The unchanged words are there once, unmarked.
    expect(response.textContent).toContain('in the morning and closes at six in the evening, Monday to');
    expect(response.textContent?.match(/Our shop opens at/g)).toHaveLength(1);
  });

  it("shows a list's members put in and taken out as + and − chips, and a short field as before → after", () => {
    renderWithProviders(<VersionDiffView diff={diff} />);
    const content = within(screen.getByRole('article', { name: 'Changed: Opening hours' }));
    expect(content.getByTitle('Added: When do you open?')).toHaveTextContent('+ When do you open?');
    expect(content.getByTitle('Removed: opening times')).toHaveTextContent('− opening times');
    const setting = within(screen.getByRole('article', { name: 'Changed: word_cutoff' }));
    expect(setting.getByRole('row', { name: /Word cutoff/ })).toHaveTextContent('20→30');
  });

  it('says when there is nothing to compare with, or nothing differs', () => {
    const { unmount } = renderWithProviders(<VersionDiffView diff={{ from: null, to: 1, items: [] }} />);
    expect(screen.getByText('Version 1 is the first version: there is nothing to compare it with.')).toBeVisible();
    unmount();
    renderWithProviders(<VersionDiffView diff={{ from: 8, to: 9, items: [] }} />);
    expect(screen.getByText('Version 9 holds the same as version 8: nothing differs.')).toBeVisible();
  });
});
