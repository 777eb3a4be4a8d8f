import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, DESK, FIRST, paged, rateRow, renterRow, SLOW, VIEWER, zoneRow } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const common = {
  [`GET ${API}/shareZone/options`]: () => ok([{ id: 3, name: 'West Lake', city: 'Hangzhou', enabled: true }]),
  'GET /api/ccwadmin/filter/list/:id': () => ok([]),
  [`GET ${API}/rentCarType/list`]: () =>
    ok({
      rows: [
        { id: 2, carTypeName: 'BYD Qin' },
        { id: 4, carTypeName: 'Tesla Model 3' },
      ],
      total: 2,
    }),
  'GET /api/ccwgps/geofence': () =>
    ok({ rows: [{ id: 21, name: 'Station fence', rentName: 'Hangzhou' }], total: 1, pageNum: 1, pageSize: 50 }),
};

describe('the zones', () => {
  it('lists the zones and creates one: a geofence must be chosen, a circle is sent as one', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shareZone/list`]: () =>
        paged([
          zoneRow(),
          zoneRow({ id: 4, name: 'Station', geofenceId: 21, geofenceName: 'Station fence', radiusM: null, bays: 0 }),
        ]),
      [`POST ${API}/shareZone/create`]: (req) => ok(zoneRow({ id: 5, ...(req.body as object) })),
    });
    renderApp('/sevenTime/zones');
    const row = (await screen.findByText('West Lake', { selector: 'td' }, FIRST)).closest('tr')!;
    expect(within(row).getByText('Circle of 300 m around 30.25, 120.15')).toBeInTheDocument();
    expect(within(row).getByText('4 / 10')).toBeInTheDocument();
    expect(within(row).getByText('¥5.00')).toBeInTheDocument();
    expect(screen.getByText('Geofence Station fence')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /New zone/ }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.type(within(dialog).getByLabelText('Name'), 'Airport');
    await user.type(within(dialog).getByLabelText('Address'), '99 Airport Road');
    await user.type(within(dialog).getByLabelText('Latitude'), '30.23');
    await user.type(within(dialog).getByLabelText('Longitude'), '120.43');
    // A geofence zone without its geofence is refused before anything is sent.
    await user.click(within(dialog).getByText('GPS geofence'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give a radius, or choose a geofence', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${API}/shareZone/create`)).toHaveLength(0);

    await user.click(within(dialog).getByText('Circle'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shareZone/create`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/shareZone/create`)[0]!.body).toEqual({
      rentId: 7,
      name: 'Airport',
      city: 'Hangzhou',
      address: '99 Airport Road',
      lat: 30.23,
      lon: 120.43,
      radiusM: 200,
      geofenceId: null,
      bays: 0,
      parkingFee: 0,
      enabled: true,
    });
  }, 180_000);

  it('a reader (no add, edit or delete of zones) sees the list only', async () => {
    signedIn();
    sessionServer(VIEWER, {
      ...common,
      [`GET ${API}/shareZone/list`]: () => paged([zoneRow()]),
      [`GET ${API}/shareZone/cars`]: () => paged([]),
    });
    renderApp('/sevenTime/zones');
    expect(await screen.findByText('West Lake', { selector: 'td' }, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New zone/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cars' }));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText('No cars parked here', {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).queryByTestId('zone-cars-add')).toBeNull();
  }, 180_000);
});

describe('the cars of a zone', () => {
  it('puts idle cars into time-share at the zone and parks one elsewhere; a car on a trip stays', async () => {
    signedIn();
    const shareCar = (carId: number, plate: string, patch: object = {}) => ({
      carId,
      plate,
      carTypeId: 2,
      carTypeName: 'BYD Qin',
      city: 'Hangzhou',
      zoneId: 3,
      zoneName: 'West Lake',
      status: 'idle',
      hasDevice: true,
      liveTripId: null,
      addedAt: '2026-12-01T00:00:00.000Z',
      ...patch,
    });
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shareZone/options`]: () =>
        ok([
          { id: 3, name: 'West Lake', city: 'Hangzhou', enabled: true },
          { id: 4, name: 'Station', city: 'Hangzhou', enabled: true },
        ]),
      [`GET ${API}/shareZone/list`]: () => paged([zoneRow()]),
      [`GET ${API}/shareZone/cars`]: () =>
        paged([shareCar(12, '浙A12345'), shareCar(13, '浙A22222', { status: 'rented', liveTripId: 51 })]),
      [`POST ${API}/rentCar/list`]: () =>
        ok({
          rows: [
            { id: 20, plate: '浙A55555', carTypeName: 'BYD Qin', status: 'idle' },
            { id: 21, plate: '浙A66666', carTypeName: 'BYD Qin', status: 'maintenance' },
          ],
          total: 2,
        }),
      [`POST ${API}/shareZone/cars/add`]: () => ok(true),
      [`POST ${API}/shareZone/cars/park`]: () => ok(true),
    });
    renderApp('/sevenTime/zones');
    const row = (await screen.findByText('West Lake', { selector: 'td' }, FIRST)).closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Cars' }));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText('浙A·12345', {}, SLOW)).toBeInTheDocument();
    // The car on a trip links to it and cannot be moved.
    const busy = within(drawer).getByText('浙A·22222').closest('tr')!;
    expect(within(busy).getByRole('link', { name: 'On a trip' })).toHaveAttribute('href', '/sevenTime/trip/51');
    expect(within(busy).queryByRole('button', { name: 'Take out' })).toBeNull();

    await user.click(within(drawer).getByLabelText('Idle cars of the company, by plate'));
    expect(await screen.findByText('浙A·55555 · BYD Qin', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/浙A·66666/)).toBeNull();
    await user.click(screen.getByText('浙A·55555 · BYD Qin'));
    await user.click(within(drawer).getByRole('button', { name: 'Put into time-share here' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shareZone/cars/add`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/shareZone/cars/add`)[0]!.body).toEqual({ zoneId: 3, carIds: [20] });

    await user.click(within(drawer).getByLabelText('Park 浙A·12345 at another zone'));
    await user.click(await screen.findByText('Station', { selector: '.ant-select-item-option-content' }, SLOW));
    await waitFor(() => expect(server.calls('POST', `${API}/shareZone/cars/park`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/shareZone/cars/park`)[0]!.body).toEqual({ carId: 12, zoneId: 4 });
  }, 180_000);
});

describe('the rates', () => {
  it('prices the worked example from the prices typed, and refuses a maximum below the minimum', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shareRate/list`]: () => paged([rateRow()]),
      'GET /api/ccwadmin/setting/rules': () =>
        ok({ timeShare: { nightFrom: '23:00', nightTo: '07:00', offZoneFee: 50 } }),
      [`PUT ${API}/shareRate/update`]: (req) => ok(rateRow(req.body as object)),
    });
    renderApp('/sevenTime/rates');
    const row = (await screen.findByText('BYD Qin', { selector: 'td' }, FIRST)).closest('tr')!;
    expect(within(row).getByText('¥0.50/min')).toBeInTheDocument();
    expect(within(row).getByText('None')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    const example = within(dialog).getByTestId('rate-example');
    // 22:30 for 90 minutes and 12.5 km: 30 min × ¥0.50 + 60 min × ¥0.30 = ¥33.00, 12.5 km × ¥1.20 = ¥15.00.
    expect(
      await within(example).findByText('90 = 0 whole days + 30 by day + 60 at night', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(example).getByTestId('example-time')).toHaveTextContent('¥33.00');
    expect(within(example).getByTestId('example-km')).toHaveTextContent('¥15.00');
    expect(within(example).getByTestId('example-total')).toHaveTextContent('¥48.00');
    expect(within(example).getByText('Night rate from 23:00 to 07:00.')).toBeInTheDocument();

    // Night at ¥0.40: the example follows the form.
    const night = within(dialog).getByLabelText('Per minute at night');
    await user.clear(night);
    await user.type(night, '0.4');
    await waitFor(() => expect(within(example).getByTestId('example-time')).toHaveTextContent('¥39.00'));
    // A maximum of ¥5, below the minimum of ¥10: the example is clamped to it, and the save refused.
    const max = within(dialog).getByLabelText('Maximum');
    await user.type(max, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The maximum is not below the minimum', {}, SLOW)).toBeInTheDocument();
    expect(within(example).getByTestId('example-total')).toHaveTextContent('¥5.00');
    expect(server.calls('PUT', `${API}/shareRate/update`)).toHaveLength(0);

    await user.clear(max);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/shareRate/update`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/shareRate/update`)[0]!.body).toEqual({
      id: 9,
      version: 1,
      city: 'Hangzhou',
      carTypeId: 2,
      dayMinutePrice: 0.5,
      nightMinutePrice: 0.4,
      kmPrice: 1.2,
      minPrice: 10,
      maxPrice: null,
      dailyCap: 120,
    });
  }, 180_000);
});

describe('the renters', () => {
  it('tops up a balance: the QR code, then the payment found paid and the balance', async () => {
    signedIn();
    let polls = 0;
    const server = sessionServer(DESK, {
      ...common,
      [`GET ${API}/shareRenter/list`]: () => paged([renterRow({ owed: 12.5 })]),
      [`POST ${API}/shareRenter/topUp`]: () =>
        ok({
          orderId: 700,
          orderNo: 'RT202612060001',
          amount: 100,
          provider: 'sandbox',
          sandbox: true,
          codeUrl: 'http://localhost/pay/sandbox/RT202612060001',
          qrImage: 'data:image/png;base64,AAAA',
          payUrl: 'http://localhost/pay/sandbox/RT202612060001',
          expiresAt: '2026-12-06T02:00:00.000Z',
        }),
      [`GET ${API}/shareRenter/topUpStatus/700`]: () => {
        polls += 1;
        return ok({
          orderId: 700,
          status: polls < 2 ? 'unpaid' : 'paid',
          payerState: 'waiting',
          paidAt: null,
          membershipTo: null,
        });
      },
      [`GET ${API}/shareRenter/get/88`]: () => ok(renterRow({ balance: 107.5, owed: 0 })),
    });
    renderApp('/sevenTime/renters');
    const row = (await screen.findByText('Li Ming', {}, FIRST)).closest('tr')!;
    expect(within(row).getByText('¥20.00')).toBeInTheDocument();
    expect(within(row).getByText('¥12.50')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Owed for ended trips: ¥12.50')).toBeInTheDocument();
    // Below the least top-up: refused here.
    await user.type(within(dialog).getByLabelText('Amount'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create the QR code' }));
    expect(await within(dialog).findByText('A top-up is 1 to 10000 yuan', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${API}/shareRenter/topUp`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create the QR code' }));
    const qr = await within(dialog).findByTestId('top-up-qr', {}, SLOW);
    expect(server.calls('POST', `${API}/shareRenter/topUp`)[0]!.body).toEqual({ driverId: 88, amount: 100 });
    expect(within(qr).getByRole('img', { name: 'QR code of order RT202612060001' })).toBeInTheDocument();
    expect(within(qr).getByRole('link', { name: /Open the sandbox payment page/ })).toHaveAttribute(
      'href',
      'http://localhost/pay/sandbox/RT202612060001',
    );
    expect(await within(dialog).findByText('¥100.00 arrived', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await within(dialog).findByText('Balance now ¥107.50', {}, SLOW)).toBeInTheDocument();
    expect(polls).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('a reader sees balances and the ledger, not the top-up', async () => {
    signedIn();
    sessionServer(VIEWER, {
      ...common,
      [`GET ${API}/shareRenter/list`]: () => paged([renterRow()]),
      [`GET ${API}/shareRenter/ledger`]: () =>
        paged([
          {
            id: 1,
            kind: 'topUp',
            amount: 50,
            balanceAfter: 50,
            orderId: 600,
            referenceType: null,
            referenceId: null,
            createdAt: '2026-12-01T02:00:00.000Z',
            createdByName: 'Zhang Wei',
          },
          {
            id: 2,
            kind: 'trip',
            amount: -30,
            balanceAfter: 20,
            orderId: null,
            referenceType: 'tsTrip',
            referenceId: '53',
            createdAt: '2026-12-05T03:00:00.000Z',
            createdByName: null,
          },
        ]),
    });
    renderApp('/sevenTime/renters');
    const row = (await screen.findByText('Li Ming', {}, FIRST)).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Top up' })).toBeNull();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Ledger' }));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText('+¥50.00', {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).getByText('-¥30.00')).toBeInTheDocument();
    expect(within(drawer).getByText('Trip')).toBeInTheDocument();
    expect(within(drawer).getByText('Top-up')).toBeInTheDocument();
  }, 180_000);
});
