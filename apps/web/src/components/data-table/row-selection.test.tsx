import { screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, userList, type ListResponse } from '@console/contracts';
import { renderWithProviders } from '@/test/render';
import { nameColumn } from './columns';
import { DataTable } from './data-table';
import type { RowSelection } from './row-selection';
import { useListQuery } from './use-list-query';

interface Person {
  id: string;
  display_name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
// 8 Bobs and 15 Anns: 23 people, three pages of ten.
const people: Person[] = [...Array.from({ length: 8 }, (_, i) => `Bob ${pad(i + 1)}`), ...Array.from({ length: 15 }, (_, i) => `Ann ${pad(i + 1)}`)].map(
  (name, i) => ({ id: `u${i}`, display_name: name }),
);

function listPeople(query: Record<string, string | number>): ListResponse<Person> {
  const like = query.display_name__like;
  const rows = like === undefined ? people : people.filter((person) => person.display_name.toLowerCase().includes(String(like).toLowerCase()));
  const offset = Number(query.offset);
  return { records: rows.slice(offset, offset + Number(query.limit)), total: rows.length };
}

/** The people list with a bulk action that records what it was given, then clears the selection. */
function SelectablePeople({ acted, selectable = true }: { acted: RowSelection[]; selectable?: boolean }) {
  const list = useListQuery(userList);
  const query = useQuery({ queryKey: ['people', list.apiQuery], queryFn: () => Promise.resolve(listPeople(list.apiQuery)) });
  return (
    <DataTable
      label="People"
      columns={[nameColumn<Person>()]}
      list={list}
      query={query}
      rowKey={(person) => person.id}
      rowName={(person) => person.display_name}
      bulkActions={
        selectable
          ? (selection, clear) => (
              <button
                type="button"
                onClick={() => {
                  acted.push(selection);
                  clear();
                }}
              >
                Act
              </button>
            )
          : undefined
      }
    />
  );
}

const rowBox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const pageBox = () => screen.getByRole('checkbox', { name: 'Select all rows on this page' });
const bar = () => screen.getByRole('region', { name: 'Selection' });
const idOf = (name: string) => people.find((person) => person.display_name === name)!.id;

describe('DataTable selection', () => {
  it('selects rows by their checkboxes, by mouse or keyboard, and hands the picked keys to the action', async () => {
    const acted: RowSelection[] = [];
    const { user } = renderWithProviders(<SelectablePeople acted={acted} />, { route: '/people' });
    await screen.findByText('Bob 01');
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();

    await user.click(rowBox('Bob 01'));
    rowBox('Bob 03').focus();
    await user.keyboard(' ');
    expect(rowBox('Bob 01')).toBeChecked();
    expect(rowBox('Bob 03')).toBeChecked();
    expect(pageBox()).not.toBeChecked();
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
    // Part of the page: no offer to select every row yet.
    expect(within(bar()).queryByRole('button', { name: /^Select all/ })).not.toBeInTheDocument();

    await user.click(rowBox('Bob 01'));
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Act' }));
    expect(acted).toEqual([{ kind: 'rows', keys: [idOf('Bob 03')] }]);
    // The action cleared the selection.
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    expect(rowBox('Bob 03')).not.toBeChecked();
  });

  it("the header's checkbox selects the page; then every row the filters match can be selected", async () => {
    const acted: RowSelection[] = [];
    const { user } = renderWithProviders(<SelectablePeople acted={acted} />, { route: '/people' });
    await screen.findByText('Bob 01');

    await user.click(pageBox());
    expect(pageBox()).toBeChecked();
    expect(within(bar()).getByText(`${DEFAULT_PAGE_SIZE} selected`)).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: `Select all ${people.length}` }));
    expect(within(bar()).getByText(`All ${people.length} selected`)).toBeInTheDocument();

    // Unticking one row leaves the rest of the page selected, not every row.
    await user.click(rowBox('Bob 02'));
    expect(within(bar()).getByText(`${DEFAULT_PAGE_SIZE - 1} selected`)).toBeInTheDocument();
    await user.click(rowBox('Bob 02'));
    await user.click(within(bar()).getByRole('button', { name: `Select all ${people.length}` }));
    await user.click(within(bar()).getByRole('button', { name: 'Act' }));
    expect(acted).toEqual([{ kind: 'matching', total: people.length, filters: {} }]);
  });

  it('under a filter, "all matching" names the filter, as the list call sends it', async () => {
    const acted: RowSelection[] = [];
    const { user } = renderWithProviders(<SelectablePeople acted={acted} />, { route: '/people?display_name__like=ann' });
    await screen.findByText('Ann 01');

    await user.click(pageBox());
    await user.click(within(bar()).getByRole('button', { name: 'Select all 15 matching this filter' }));
    expect(within(bar()).getByText('All 15 selected (every row matching this filter)')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Act' }));
    expect(acted).toEqual([{ kind: 'matching', total: 15, filters: { display_name__like: 'ann' } }]);
  });

  it('keeps a selection across pages, and another filter starts it empty', async () => {
    const acted: RowSelection[] = [];
    const { user } = renderWithProviders(<SelectablePeople acted={acted} />, { route: '/people' });
    await screen.findByText('Bob 01');

    await user.click(rowBox('Bob 01'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Ann 03');
    await user.click(rowBox('Ann 03'));
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'ann{Enter}');
    await screen.findByText('Ann 10');
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    expect(rowBox('Ann 03')).not.toBeChecked();

    await user.click(rowBox('Ann 03'));
    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    expect(acted).toEqual([]);
  });

  it('a table without bulk actions has no checkboxes', async () => {
    renderWithProviders(<SelectablePeople acted={[]} selectable={false} />, { route: '/people' });
    await screen.findByText('Bob 01');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
