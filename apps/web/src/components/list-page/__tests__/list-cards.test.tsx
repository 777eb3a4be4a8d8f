import Button from 'antd/es/button';
import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Paged } from '@fleetdesk/contracts/common';
import { setLanguage } from '../../../lib/i18n';
import { wideWindow, windowWidth } from '../../../test/media';
import { renderWithProviders } from '../../../test/render';
import { CARD_FIELDS } from '../list-cards';
import { ListPage, type ListColumn } from '../list-page';
import type { ListParams } from '../list-params';

interface Car {
  id: number;
  plate: string;
  model: { name: string };
  status: 'idle' | 'rented';
  mileage: number;
}

const CARS: Car[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  plate: `浙A${String(10000 + i)}`,
  model: { name: i % 2 ? 'BYD Qin' : 'Tesla Model 3' },
  status: i % 3 ? 'idle' : 'rented',
  mileage: 1000 * (i + 1),
}));

const extra = (n: number): ListColumn<Car>[] =>
  Array.from({ length: n }, (_, i) => ({ key: `extra${i}`, title: `Extra ${i}`, render: () => `x${i}` }));

function renderCars(opts: { onOpen?: (car: Car) => void; onEdit?: (car: Car) => void; bulk?: boolean; more?: number }) {
  const calls: ListParams[] = [];
  const columns: ListColumn<Car>[] = [
    { key: 'plate', title: 'Plate', dataIndex: 'plate' },
    { key: 'model', title: 'Model', dataIndex: ['model', 'name'] },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      render: (s: Car['status']) => (s === 'idle' ? 'Idle' : 'Rented'),
    },
    { key: 'mileage', title: 'Mileage', dataIndex: 'mileage', render: (km: number) => `${km} km` },
    ...extra(opts.more ?? 0),
    {
      key: 'actions',
      title: 'Actions',
      render: (_: unknown, car: Car) => <Button onClick={() => opts.onEdit?.(car)}>Edit {car.plate}</Button>,
    },
  ];
  const view = renderWithProviders(
    <ListPage<Car>
      id="cars-test"
      title="Cars"
      columns={columns}
      rowKey={(c) => c.id}
      onRow={(car) => ({ onClick: () => opts.onOpen?.(car) })}
      bulkActions={
        opts.bulk ? (rows) => <span data-testid="bulk">{rows.map((r) => r.plate).join(',')}</span> : undefined
      }
      query={(params) => {
        calls.push(params);
        return queryOptions<Paged<Car>, Error, Paged<Car>, readonly unknown[]>({
          queryKey: ['cars-test', params],
          queryFn: () => {
            const start = (params.pageNum - 1) * params.pageSize;
            return Promise.resolve({
              rows: CARS.slice(start, start + params.pageSize),
              total: CARS.length,
              pageNum: params.pageNum,
              pageSize: params.pageSize,
            });
          },
        });
      }}
    />,
    { route: '/cars' },
  );
  return { ...view, calls };
}

const cards = () => [...document.querySelectorAll<HTMLElement>('.fd-list-row-card')];
/** A card's label/value pairs. */
const pairs = (card: HTMLElement) =>
  [...card.querySelectorAll('.fd-list-row-field')].map((f) => [
    f.querySelector('dt')!.textContent,
    f.querySelector('dd')!.textContent,
  ]);

beforeEach(async () => {
  await setLanguage('en-US');
});
afterEach(() => wideWindow());

describe('ListPage below 576 px', () => {
  it('shows each row as a card: its columns as label and value pairs (renders and nested fields), then its actions', async () => {
    windowWidth(390);
    const onEdit = vi.fn();
    const onOpen = vi.fn();
    renderCars({ onEdit, onOpen });
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(pairs(cards()[0]!)).toEqual([
      ['Plate', '浙A10000'],
      ['Model', 'Tesla Model 3'],
      ['Status', 'Rented'],
      ['Mileage', '1000 km'],
    ]);
    expect(pairs(cards()[1]!)[2]).toEqual(['Status', 'Idle']);
    const user = userEvent.setup();
    // The row's action works and does not open the row; a click on the card does.
    await user.click(within(cards()[1]!).getByRole('button', { name: 'Edit 浙A10001' }));
    expect(onEdit).toHaveBeenCalledWith(CARS[1]);
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(within(cards()[2]!).getByText('浙A10002'));
    expect(onOpen).toHaveBeenCalledWith(CARS[2]);
  });

  it('pages as the table does: the total, the next page into the URL and the call', async () => {
    windowWidth(390);
    const { calls } = renderCars({});
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(screen.getByText('23 records')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(pairs(cards()[0]!)[0]).toEqual(['Plate', '浙A10020']);
    expect(calls.at(-1)).toMatchObject({ pageNum: 2 });
    expect(screen.getByTestId('location').textContent).toContain('pageNum=2');
  });

  it('shows the first columns, at most a card’s worth', async () => {
    windowWidth(390);
    renderCars({ more: 5 });
    await waitFor(() => expect(cards()).toHaveLength(20));
    const labels = pairs(cards()[0]!).map(([label]) => label);
    expect(labels).toHaveLength(CARD_FIELDS);
    expect(labels).toEqual(['Plate', 'Model', 'Status', 'Mileage', 'Extra 0', 'Extra 1']);
  });

  it('selects rows for the bulk actions with a checkbox on each card', async () => {
    windowWidth(390);
    renderCars({ bulk: true });
    await waitFor(() => expect(cards()).toHaveLength(20));
    const user = userEvent.setup();
    await user.click(within(cards()[0]!).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(within(cards()[3]!).getByRole('checkbox', { name: 'Select this row' }));
    expect(screen.getByTestId('bulk')).toHaveTextContent('浙A10000,浙A10003');
    await user.click(within(cards()[0]!).getByRole('checkbox', { name: 'Select this row' }));
    expect(screen.getByTestId('bulk')).toHaveTextContent('浙A10003');
  });

  it('keeps the table at a wider window', async () => {
    windowWidth(800);
    renderCars({});
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row')).toHaveLength(20));
    expect(cards()).toHaveLength(0);
  });
});
