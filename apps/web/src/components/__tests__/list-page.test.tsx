import { queryOptions } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Paged } from '@fleetdesk/contracts/common';
import { setLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { ListPage, type ListColumn } from '../list-page/list-page';
import type { FilterField, ListParams } from '../list-page/list-params';

interface Car {
  id: number;
  plate: string;
  status: string;
}

const rows = (n: number, from = 1): Car[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, plate: `Car ${from + i}`, status: i % 2 ? 'idle' : 'rented' }));

const FILTERS: FilterField[] = [
  { type: 'text', name: 'plate', label: 'Plate' },
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'idle', label: 'Idle' },
      { value: 'rented', label: 'Rented' },
    ],
  },
  { type: 'date-range', name: 'range', label: 'Added', keys: ['from', 'to'] },
  { type: 'hidden', name: 'ownerId', label: 'Owner' },
];
const COLUMNS: ListColumn<Car>[] = [
  { key: 'plate', title: 'Plate', dataIndex: 'plate' },
  { key: 'status', title: 'Status', dataIndex: 'status' },
];

function setup(
  route: string,
  fetcher: (p: ListParams) => Promise<Paged<Car>>,
  extra: Partial<Parameters<typeof ListPage<Car>>[0]> = {},
) {
  const fetch = vi.fn(fetcher);
  const view = renderWithProviders(
    <ListPage<Car>
      id="cars"
      title="Cars"
      filters={FILTERS}
      columns={COLUMNS}
      rowKey={(c) => c.id}
      query={(p) => queryOptions({ queryKey: ['cars', p] as readonly unknown[], queryFn: () => fetch(p) })}
      {...extra}
    />,
    { route },
  );
  return { fetch, ...view };
}

const where = () => screen.getByTestId('location').textContent;
const page = (items: Car[], total: number, pageNum = 1, pageSize = 20): Paged<Car> => ({
  rows: items,
  total,
  pageNum,
  pageSize,
});

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the list-page pattern', () => {
  it('reads filters and paging from the URL, and shows the page of rows the server answered', async () => {
    const { fetch } = setup(
      '/cars?plate=A1&status=idle&from=2026-11-01&to=2026-11-30&pageNum=2&pageSize=50&tab=x',
      async () => page(rows(3, 51), 53, 2, 50),
    );
    expect(await screen.findByText('Car 51')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith({
      pageNum: 2,
      pageSize: 50,
      filters: { plate: 'A1', status: 'idle', from: '2026-11-01', to: '2026-11-30' },
    });
    expect(screen.getByLabelText('Plate')).toHaveValue('A1');
    expect(screen.getByText('53 records')).toBeInTheDocument();
  });

  it('a search writes the filters to the URL and goes back to page 1, keeping other query keys', async () => {
    const { fetch } = setup('/cars?pageNum=3&tab=x', async (p) => page(rows(2), 2, p.pageNum));
    await screen.findByText('Car 1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Plate'), 'Zhe');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/cars?tab=x&plate=Zhe'));
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 20, filters: { plate: 'Zhe' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(where()).toBe('/cars?tab=x'));
  });

  it("keeps what is being typed when a filter's options arrive, and follows the URL when it changes", async () => {
    const fetch = vi.fn(async () => page(rows(2), 2));
    let addOptions = () => {};
    function Cars() {
      // The screen's fields are made again when their options load (car types, brands): a new array, same names.
      const [filters, setFilters] = useState(FILTERS);
      addOptions = () =>
        setFilters(
          FILTERS.map((f) =>
            f.type === 'select' ? { ...f, options: [...f.options, { value: 'repair', label: 'In repair' }] } : f,
          ),
        );
      return (
        <ListPage<Car>
          id="cars"
          title="Cars"
          filters={filters}
          columns={COLUMNS}
          rowKey={(c) => c.id}
          query={(p) => queryOptions({ queryKey: ['cars', p] as readonly unknown[], queryFn: () => fetch() })}
        />
      );
    }
    renderWithProviders(<Cars />, { route: '/cars?plate=A1' });
    await screen.findByText('Car 1');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Plate'));
    await user.type(screen.getByLabelText('Plate'), 'Zhe');
    act(() => addOptions());
    expect(screen.getByLabelText('Plate')).toHaveValue('Zhe');
    // A search changes the URL, and Reset empties it: the form follows.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/cars?plate=Zhe'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(where()).toBe('/cars'));
    await waitFor(() => expect(screen.getByLabelText('Plate')).toHaveValue(''));
  });

  it('pages through the server: the next page is asked for, and its number lands in the URL', async () => {
    const { fetch } = setup('/cars', async (p) => page(rows(20, (p.pageNum - 1) * 20 + 1), 45, p.pageNum));
    await screen.findByText('Car 1');
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Car 21')).toBeInTheDocument();
    expect(where()).toBe('/cars?pageNum=2');
    expect(fetch).toHaveBeenLastCalledWith({ pageNum: 2, pageSize: 20, filters: {} });
  });

  it('shows a filter set from the table as a tag that removes it', async () => {
    setup('/cars?ownerId=9', async () => page(rows(1), 1));
    const tag = await screen.findByText('Owner: 9');
    await userEvent.click(tag.closest('.ant-tag')!.querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(where()).toBe('/cars'));
  });

  it('hides and shows columns from the column settings', async () => {
    setup('/cars', async () => page(rows(1), 1));
    await screen.findByText('Car 1');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const settings = await screen.findByRole('tooltip', { hidden: true }).catch(() => document.body);
    await userEvent.click(within(settings).getByRole('checkbox', { name: 'Status' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Status' })).toBeNull());
    await userEvent.click(within(settings).getByRole('checkbox', { name: 'Status' }));
    expect(await screen.findByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
  });

  it('gives the selected rows to the bulk actions', async () => {
    const act = vi.fn();
    setup('/cars', async () => page(rows(3), 3), {
      bulkActions: (selected, clear) => (
        <button
          type="button"
          onClick={() => {
            act(selected.map((c) => c.id));
            clear();
          }}
        >
          Retire
        </button>
      ),
    });
    await screen.findByText('Car 1');
    expect(screen.queryByRole('button', { name: 'Retire' })).toBeNull();
    const boxes = screen.getAllByRole('checkbox'); // [select all, row 1, row 2, row 3]
    await userEvent.click(boxes[1]!);
    await userEvent.click(boxes[3]!);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retire' }));
    expect(act).toHaveBeenCalledWith([1, 3]);
    expect(screen.queryByText('2 selected')).toBeNull();
  });

  it('puts the export slot next to the table, with the parameters on screen', async () => {
    setup('/cars?status=idle', async () => page(rows(1), 1), {
      exportSlot: (p) => <button type="button">Export {p.filters.status}</button>,
    });
    expect(await screen.findByRole('button', { name: 'Export idle' })).toBeInTheDocument();
  });

  it('says when there is nothing, and offers to try again when loading failed', async () => {
    let fail = true;
    setup('/cars', async () => {
      if (fail) throw new Error('down');
      return page([], 0);
    });
    expect(await screen.findByText('The data could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('No data')).length).toBeGreaterThan(0);
    expect(screen.queryByText('The data could not be loaded')).toBeNull();
  });
});
