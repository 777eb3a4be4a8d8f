import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PriceRow, StoreRow } from '@fleetdesk/contracts/short-term';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, SLOW, paged } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const store: StoreRow = {
  id: 2,
  rentId: 7,
  rentName: 'Hangzhou',
  name: 'West Lake',
  address: '1 Lakeside Road',
  lat: 30.25,
  lon: 120.15,
  phone: '0571-88880000',
  opensAt: '08:00',
  closesAt: '20:00',
  minNoticeHours: 2,
  maxDaysAhead: 90,
  deliveryRadiusKm: 10,
  deliveryFee: 50,
  enabled: true,
  carCount: 9,
  version: 4,
  createdAt: '2026-11-01T02:00:00.000Z',
  updatedAt: '2026-11-01T02:00:00.000Z',
};

const price: PriceRow = {
  id: 12,
  storeId: 2,
  storeName: 'West Lake',
  carTypeId: 5,
  carTypeName: 'Compact',
  weekdayPrice: 200,
  weekendPrice: 260,
  discount7: 5,
  discount15: 10,
  discount30: 20,
  mileageLimitKm: null,
  overKmPrice: 0,
  damageDeposit: 3000,
  violationDeposit: 2000,
  version: 1,
  updatedAt: '2026-11-01T02:00:00.000Z',
};

/** A dialog found by its title (the whole modal, footer included). */
async function modalTitled(title: string): Promise<HTMLElement> {
  return (await screen.findByText(title, {}, SLOW)).closest<HTMLElement>('.ant-modal')!;
}

const common = {
  [`GET ${API}/shortStore/options`]: () => ok([{ id: 2, name: 'West Lake', rentId: 7, enabled: true }]),
  [`GET ${API}/rentCarType/list`]: () =>
    paged([
      { id: 5, carTypeName: 'Compact', monthlyRent: 3000, deposit: 3000, overspeedKmh: null, remark: null, cars: 9 },
    ]),
  'GET /api/ccwadmin/filter/list/:id': () => ok([]),
};

describe('the stores tab', () => {
  it('lists the stores, edits one with its version and shows its cars', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shortStore/list`]: () => paged([store]),
      [`PUT ${API}/shortStore/update`]: () => ok({ ...store, version: 5 }),
      [`GET ${API}/shortStore/cars`]: () =>
        paged([
          {
            carId: 71,
            plate: '浙A12345',
            carTypeId: 5,
            carTypeName: 'Compact',
            status: 'idle',
            addedAt: '2026-11-02T02:00:00.000Z',
            liveBookingId: 31,
          },
        ]),
    });
    renderApp('/sevenShort/stores');
    expect(await screen.findByText('1 Lakeside Road', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('within 10 km, ¥50.00')).toBeInTheDocument();
    const user = userEvent.setup();
    const row = screen.getByText('1 Lakeside Road').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await modalTitled('Edit store West Lake');
    const notice = within(dialog).getByLabelText('Notice (hours)');
    await user.clear(notice);
    await user.type(notice, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/shortStore/update`)).toHaveLength(1), SLOW);
    expect(server.calls('PUT', `${API}/shortStore/update`)[0]!.body).toMatchObject({
      id: 2,
      version: 4,
      minNoticeHours: 4,
      opensAt: '08:00',
      lat: 30.25,
    });
    // The store's cars: the one on a live booking cannot be taken out.
    await user.click(within(row).getByRole('button', { name: 'Cars' }));
    const drawer = (await screen.findByText('Cars of West Lake', {}, SLOW)).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(drawer).findByText('Booking #31', {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Take out' })).toBeDisabled();
  }, 180_000);
});

describe('the prices tab', () => {
  it('sets a price on chosen days as runs and clears them', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shortPrice/list`]: () => paged([price]),
      [`GET ${API}/shortPrice/days`]: () => ok({ days: [{ day: '2026-12-25', price: 400 }] }),
      [`POST ${API}/shortPrice/days/set`]: () => ok({ changed: 2 }),
    });
    renderApp('/sevenShort/prices');
    expect(await screen.findByText('5% / 10% / 20%', {}, FIRST)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Date prices' }));
    const dialog = await modalTitled('Date prices: West Lake · Compact');
    // The month shown is the current one; go to December 2026 from it.
    const month = within(dialog).getByTestId('price-month');
    for (let i = 0; i < 36 && month.textContent !== '2026-12'; i++)
      await user.click(
        within(dialog).getByRole('button', { name: month.textContent! < '2026-12' ? 'Next month' : 'Previous month' }),
      );
    expect(month).toHaveTextContent('2026-12');
    // The 25th has its own price; a weekday shows the weekday price, Saturday the weekend one.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '2026-12-25' })).toHaveTextContent('¥400.00'),
    );
    expect(within(dialog).getByRole('button', { name: '2026-12-24' })).toHaveTextContent('¥200.00');
    expect(within(dialog).getByRole('button', { name: '2026-12-26' })).toHaveTextContent('¥260.00');
    for (const d of ['2026-12-24', '2026-12-31', '2026-12-30'])
      await user.click(within(dialog).getByRole('button', { name: d }));
    expect(within(dialog).getByText('3 days chosen')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Price a day (yuan)'), '350');
    await user.click(within(dialog).getByRole('button', { name: 'Set the price' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortPrice/days/set`)).toHaveLength(2), SLOW);
    expect(server.calls('POST', `${API}/shortPrice/days/set`).map((c) => c.body)).toEqual([
      { storeId: 2, carTypeId: 5, from: '2026-12-24', to: '2026-12-24', price: 350 },
      { storeId: 2, carTypeId: 5, from: '2026-12-30', to: '2026-12-31', price: 350 },
    ]);
    await user.click(within(dialog).getByRole('button', { name: '2026-12-25' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear the date prices' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortPrice/days/set`)).toHaveLength(3), SLOW);
    expect(server.calls('POST', `${API}/shortPrice/days/set`)[2]!.body).toMatchObject({
      from: '2026-12-25',
      to: '2026-12-25',
      price: null,
    });
  }, 180_000);
});
