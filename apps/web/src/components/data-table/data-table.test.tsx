import { act, screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, userList, type ListResponse, type UserStatus } from '@console/contracts';
import { advanceTimers, renderWithProviders } from '@/test/render';
import { nameColumn, statusColumn } from './columns';
import { DataTable, type DataTableColumn } from './data-table';
import { FILTER_DEBOUNCE_MS } from './filter-bar';
import { useListQuery } from './use-list-query';

interface Person {
  id: string;
  display_name: string;
  email: string;
  status: UserStatus;
}

const pad = (n: number) => String(n).padStart(2, '0');
// The server's own order (no sort chosen) is the reverse of the names': Bob 08 ... Bob 01, Ann 15 ... Ann 01.
const people: Person[] = [
  ...Array.from({ length: 8 }, (_, i) => `Bob ${pad(8 - i)}`),
  ...Array.from({ length: 15 }, (_, i) => `Ann ${pad(15 - i)}`),
].map((name, i) => ({
  id: `u${i}`,
  display_name: name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  status: i % 2 ? 'active' : 'blocked',
}));

/** The list call as the server answers it: `__like` filters, sort by field and direction, then the page. */
function listPeople(query: Record<string, string | number>): ListResponse<Person> {
  let rows = people.filter((person) =>
    Object.entries(query).every(([key, value]) => {
      const like = /^(display_name|email)__like$/.exec(key);
      return !like || person[like[1] as 'display_name' | 'email'].toLowerCase().includes(String(value).toLowerCase());
    }),
  );
  const field = query.sort_field as keyof Person | undefined;
  if (field) {
    const sign = query.sort_direction === 'descending' ? -1 : 1;
    rows = [...rows].sort((a, b) => sign * a[field].localeCompare(b[field]));
  }
  const offset = Number(query.offset);
  return { records: rows.slice(offset, offset + Number(query.limit)), total: rows.length };
}

const columns: DataTableColumn<Person>[] = [
  nameColumn(),
  { key: 'email', header: 'Email', sortField: 'email', render: (person) => person.email },
  statusColumn(),
];

/** The user list's spec (contracts) with the page's wiring: the URL's state, the query, the table. */
function PeopleTable() {
  const list = useListQuery(userList);
  const query = useQuery({
    queryKey: ['people', list.apiQuery],
    queryFn: () => Promise.resolve(listPeople(list.apiQuery)),
  });
  return <DataTable label="People" columns={columns} list={list} query={query} rowKey={(person) => person.id} />;
}

/** The names the table shows, top to bottom. */
function shownNames(): string[] {
  const rows = within(screen.getByRole('table', { name: 'People' })).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

const names = (...entries: [string, number, number][]) =>
  entries.flatMap(([who, from, to]) =>
    Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `${who} ${pad(from + (to > from ? i : -i))}`),
  );

const nameHeader = () => screen.getByRole('columnheader', { name: /^Name/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('DataTable with useListQuery: state in the query string', () => {
  it('pages forward and back, one history entry per page', async () => {
    const { user, location, router } = renderWithProviders(<PeopleTable />, { route: '/people' });
    expect(await screen.findByText('Bob 08')).toBeInTheDocument();
    expect(shownNames()).toEqual(names(['Bob', 8, 1], ['Ann', 15, 14]));
    expect(screen.getByTestId('table-total')).toHaveTextContent(`${people.length} results`);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location().search).toBe(`?offset=${DEFAULT_PAGE_SIZE}`);
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByText('Ann 13')).toBeInTheDocument();
    expect(shownNames()).toEqual(names(['Ann', 13, 4]));
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(location().search).toBe('');
  });

  it('sorts by a header: its natural direction first, flipped on the next click, back to the first page', async () => {
    const { user, location } = renderWithProviders(<PeopleTable />, { route: `/people?offset=${DEFAULT_PAGE_SIZE}` });
    expect(await screen.findByText('Ann 13')).toBeInTheDocument();
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');

    await user.click(within(nameHeader()).getByRole('button'));
    expect(location().search).toBe('?sort_field=display_name&sort_direction=ascending');
    expect(await screen.findByText('Ann 01')).toBeInTheDocument();
    expect(shownNames()).toEqual(names(['Ann', 1, 10]));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(nameHeader()).getByRole('button'));
    expect(location().search).toBe('?sort_field=display_name&sort_direction=descending');
    expect(await screen.findByText('Bob 08')).toBeInTheDocument();
    expect(shownNames()).toEqual(names(['Bob', 8, 1], ['Ann', 15, 14]));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
  });

  it('writes a typed filter after the pause in typing, replacing the history entry, from the first page', async () => {
    vi.useFakeTimers();
    const { user, location, router } = renderWithProviders(<PeopleTable />, {
      route: `/people?offset=${DEFAULT_PAGE_SIZE}`,
      fakeTimers: true,
    });
    await advanceTimers(0); // the list's first answer
    expect(shownNames()).toEqual(names(['Ann', 13, 4]));

    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'bob');
    await advanceTimers(FILTER_DEBOUNCE_MS - 1);
    expect(location().search).toBe(`?offset=${DEFAULT_PAGE_SIZE}`);

    await advanceTimers(1);
    expect(location().search).toBe('?display_name__like=bob');
    expect(router.state.historyAction).toBe('REPLACE');
    await advanceTimers(0); // the list's answer for the new query
    expect(shownNames()).toEqual(names(['Bob', 8, 1]));
    expect(screen.getByTestId('table-total')).toHaveTextContent('8 results');
  });

  it('Clear filters within the pause in typing empties the box and the URL, and the pending filter is never written', async () => {
    vi.useFakeTimers();
    const { user, location } = renderWithProviders(<PeopleTable />, { route: '/people?display_name__like=ann', fakeTimers: true });
    await advanceTimers(0); // the list's first answer
    const filter = screen.getByRole('textbox', { name: 'Filter by Name' });

    await user.type(filter, ' 1');
    await advanceTimers(FILTER_DEBOUNCE_MS - 1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location().search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('');

    // Past the moment the typing would have reached the URL: it stays cleared, as the box says.
    await advanceTimers(FILTER_DEBOUNCE_MS);
    expect(location().search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('');
    expect(screen.getByTestId('table-total')).toHaveTextContent(`${people.length} results`);
  });

  it('Clear filters also drops text typed into a box whose filter is not in the URL yet', async () => {
    vi.useFakeTimers();
    const { user, location } = renderWithProviders(<PeopleTable />, { route: '/people?status__eq=active', fakeTimers: true });
    await advanceTimers(0);

    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await advanceTimers(FILTER_DEBOUNCE_MS);
    expect(location().search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('');
  });

  it('a URL change while typing (back, a link) wins over the typing not yet sent', async () => {
    vi.useFakeTimers();
    const { user, location, router } = renderWithProviders(<PeopleTable />, { route: '/people?display_name__like=ann', fakeTimers: true });
    await advanceTimers(0);

    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), ' 1');
    await act(() => router.navigate('/people?display_name__like=bob'));
    await advanceTimers(FILTER_DEBOUNCE_MS);
    expect(location().search).toBe('?display_name__like=bob');
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('bob');
  });

  it('shows the page, sort and filter of the URL it is opened with', async () => {
    renderWithProviders(<PeopleTable />, {
      route: `/people?display_name__like=ann&sort_field=display_name&sort_direction=descending&offset=${DEFAULT_PAGE_SIZE}`,
    });

    expect(await screen.findByText('Ann 05')).toBeInTheDocument();
    expect(shownNames()).toEqual(names(['Ann', 5, 1]));
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('ann');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('table-total')).toHaveTextContent('15 results');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});
