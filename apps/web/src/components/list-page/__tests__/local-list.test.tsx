import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ListPage, type ListColumn } from '../list-page';
import type { FilterField, ListParams } from '../list-params';
import { hasKeyword, localPaged, pageOf, type RowMatch } from '../local-list';

interface Shop {
  id: number;
  name: string;
  code: string | null;
  status: 'open' | 'closed';
}

const shops = (n: number): Shop[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Shop ${i + 1}`,
    code: i % 3 ? `S${i + 1}` : null,
    status: i % 2 ? 'closed' : 'open',
  }));

const match: RowMatch<Shop> = (s, f) => hasKeyword(f.keyword, s.name, s.code) && (!f.status || s.status === f.status);
const params = (pageNum: number, pageSize: number, filters: Record<string, string> = {}): ListParams => ({
  pageNum,
  pageSize,
  filters,
});

describe('a whole list paged on the client', () => {
  it('keeps the rows that pass the filters, and counts them', () => {
    const page = pageOf(shops(10), params(1, 20, { status: 'closed' }), match);
    expect(page.rows.map((s) => s.id)).toEqual([2, 4, 6, 8, 10]);
    expect(page).toMatchObject({ total: 5, pageNum: 1, pageSize: 20 });
    // The keyword is any part of any of the values given, in any case; a null value is no match.
    expect(pageOf(shops(12), params(1, 20, { keyword: 'shop 1' }), match).rows.map((s) => s.id)).toEqual([
      1, 10, 11, 12,
    ]);
    expect(pageOf(shops(12), params(1, 20, { keyword: 's5' }), match).rows.map((s) => s.id)).toEqual([5]);
    expect(pageOf(shops(12), params(1, 20, { keyword: 'S4' }), match).rows).toEqual([]);
  });

  it('answers the page asked for, a short last page, and nothing past the end', () => {
    expect(pageOf(shops(25), params(2, 10), match).rows.map((s) => s.id)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    const last = pageOf(shops(25), params(3, 10), match);
    expect(last.rows.map((s) => s.id)).toEqual([21, 22, 23, 24, 25]);
    expect(last).toMatchObject({ total: 25, pageNum: 3, pageSize: 10 });
    expect(pageOf(shops(25), params(4, 10), match)).toEqual({ rows: [], total: 25, pageNum: 4, pageSize: 10 });
  });

  it('answers an empty page for an empty list and for a filter nothing passes', () => {
    expect(pageOf([], params(1, 20), match)).toEqual({ rows: [], total: 0, pageNum: 1, pageSize: 20 });
    expect(pageOf(shops(5), params(1, 20, { keyword: 'nowhere' }), match)).toEqual({
      rows: [],
      total: 0,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('keeps the whole list’s query key and call, so one cache entry serves every filter and page', () => {
    const queryFn = vi.fn(async () => shops(3));
    const whole = queryOptions({ queryKey: ['shops'] as const, queryFn });
    const query = localPaged(whole, match);
    const first = query(params(1, 20));
    const other = query(params(2, 10, { keyword: 'x' }));
    expect(first.queryKey).toEqual(['shops']);
    expect(other.queryKey).toEqual(['shops']);
    expect(first.queryFn).toBe(queryFn);
    expect(other.select?.(shops(15))).toMatchObject({ rows: [], total: 0 });
    expect(first.select?.(shops(25))).toMatchObject({ total: 25, pageNum: 1 });
  });
});

const FILTERS: FilterField[] = [
  { type: 'text', name: 'keyword', label: 'Keyword' },
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'closed', label: 'Closed' },
    ],
  },
];
const COLUMNS: ListColumn<Shop>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'status', title: 'State', dataIndex: 'status' },
];

function setup(route: string, all: () => Shop[]) {
  const fetch = vi.fn(async () => all());
  const view = renderWithProviders(
    <ListPage<Shop>
      id="shops"
      filters={FILTERS}
      columns={COLUMNS}
      rowKey={(s) => s.id}
      query={localPaged(queryOptions({ queryKey: ['shops'] as const, queryFn: fetch }), match)}
      emptyText="No shops"
    />,
    { route },
  );
  return { fetch, ...view };
}

const where = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('ListPage over a whole-list call', () => {
  it('filters and pages from the URL with one call, and an invalidated key refreshes it', async () => {
    let all = shops(30);
    const { fetch, client } = setup('/shops?status=open', () => all);
    expect(await screen.findByText('Shop 1')).toBeInTheDocument();
    expect(screen.queryByText('Shop 2')).not.toBeInTheDocument();
    expect(screen.getByText('15 records')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Keyword'), 'shop 2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/shops?status=open&keyword=shop+2'));
    expect(await screen.findByText('Shop 21')).toBeInTheDocument();
    expect(screen.queryByText('Shop 1')).not.toBeInTheDocument();
    expect(screen.getByText('5 records')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(where()).toBe('/shops'));
    expect(await screen.findByText('30 records')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Shop 30')).toBeInTheDocument();
    expect(where()).toBe('/shops?pageNum=2');
    expect(fetch).toHaveBeenCalledTimes(1);

    // A mutation elsewhere invalidates the whole list's key: the list is asked for again.
    all = [...all, { id: 31, name: 'Shop 31', code: null, status: 'open' }];
    await client.invalidateQueries({ queryKey: ['shops'] });
    expect(await screen.findByText('Shop 31')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says what an empty list says when nothing passes the filters', async () => {
    setup('/shops?keyword=nowhere', () => shops(3));
    expect(await screen.findByText('No shops')).toBeInTheDocument();
    expect(screen.getByLabelText('Keyword')).toHaveValue('nowhere');
  });
});
