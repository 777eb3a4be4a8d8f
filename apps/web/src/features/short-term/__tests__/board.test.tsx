import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, SLOW, bookingRow } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const board = {
  [`GET ${API}/shortStore/options`]: () =>
    ok([
      { id: 2, name: 'West Lake', rentId: 7, enabled: true },
      { id: 3, name: 'Hongqiao', rentId: 8, enabled: true },
    ]),
  [`GET ${API}/shortBoard/day`]: () =>
    ok({
      date: '2026-12-11',
      pickUps: [
        bookingRow(),
        bookingRow({ id: 32, code: 'S202612110002', driverName: 'Wang Fang', overdue: true, plate: '浙A99999' }),
      ],
      returns: [],
      availableByType: [
        { carTypeId: 5, carTypeName: 'Compact', available: 3, total: 5 },
        { carTypeId: 6, carTypeName: 'SUV', available: 0, total: 2 },
      ],
    }),
  [`GET ${API}/shortBoard/calendar`]: () =>
    ok({
      from: '2026-12-11',
      days: 14,
      cars: [
        {
          carId: 71,
          plate: '浙A12345',
          carTypeId: 5,
          carTypeName: 'Compact',
          status: 'idle',
          bookings: [
            {
              id: 31,
              code: 'S202612110001',
              state: 'toPickUp',
              driverName: 'Li Ming',
              pickUpAt: '2026-12-11T02:00:00.000Z',
              returnAt: '2026-12-14T02:00:00.000Z',
            },
            {
              id: 29,
              code: 'S202612010001',
              state: 'cancelled',
              driverName: 'Gone',
              pickUpAt: '2026-12-11T02:00:00.000Z',
              returnAt: '2026-12-12T02:00:00.000Z',
            },
          ],
        },
        { carId: 72, plate: '浙A54321', carTypeId: 5, carTypeName: 'Compact', status: 'idle', bookings: [] },
      ],
    }),
};

describe('the short-term board', () => {
  it("shows a store's day, the cars free per type and each car's bookings over two weeks", async () => {
    signedIn();
    const server = sessionServer(ADMIN, board);
    renderApp('/sevenShort?storeId=2&date=2026-12-11');
    const page = await screen.findByTestId('board', {}, FIRST);
    for (const tab of ['Board', 'Bookings', 'Stores', 'Prices'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(await within(page).findByText('Compact: 3 of 5', {}, SLOW)).toBeInTheDocument();
    expect(within(page).getByText('SUV: 0 of 2')).toBeInTheDocument();
    expect(within(page).getByText('Pick-ups (2)')).toBeInTheDocument();
    expect(within(page).getByText('Returns (0)')).toBeInTheDocument();
    // The overdue pick-up is marked, the other not.
    const overdue = within(page).getByText('S202612110002').closest('li')!;
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    const onTime = within(page).getAllByText('S202612110001')[0]!.closest('li')!;
    expect(within(onTime).queryByText('Overdue')).toBeNull();
    // The calendar: 14 day columns, the live booking as a bar from the 11th to the 14th, the cancelled one left out.
    const calendar = await within(page).findByTestId('car-calendar', {}, SLOW);
    expect(calendar.querySelectorAll('thead th')).toHaveLength(15);
    const bar = within(calendar).getByRole('link', { name: 'Li Ming' });
    expect(bar.closest('td')).toHaveAttribute('colspan', '4');
    expect(bar).toHaveAttribute('href', '/sevenShort/booking/31');
    expect(within(calendar).queryByText('Gone')).toBeNull();
    expect(within(screen.getByTestId('calendar-car-72')).getAllByRole('cell')).toHaveLength(14);
    // Asked for the store and day of the address.
    const day = server.calls('GET', `${API}/shortBoard/day`).at(-1)!;
    expect(day.query.get('storeId')).toBe('2');
    expect(day.query.get('date')).toBe('2026-12-11');
    await waitFor(() => expect(server.calls('GET', `${API}/shortBoard/calendar`).at(-1)!.query.get('days')).toBe('14'));
  }, 180_000);

  it('says so when the user may not see short-term rental', async () => {
    signedIn();
    sessionServer({ menus: ['rentCar'], elements: ['rentCar:view'] }, board);
    renderApp('/sevenShort');
    expect(
      await screen.findByText('You do not have this permission. Please ask your administrator to grant it!', {}, FIRST),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('board')).toBeNull();
  }, 180_000);
});
