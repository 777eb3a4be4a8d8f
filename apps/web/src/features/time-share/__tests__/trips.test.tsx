import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, ENDED_AMOUNT, FIRST, paged, SLOW, tripDetail, tripRow, VIEWER } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const common = {
  [`GET ${API}/shareZone/options`]: () => ok([{ id: 3, name: 'West Lake', city: 'Hangzhou', enabled: true }]),
  'GET /api/ccwadmin/filter/list/:id': () => ok([]),
};

const ROWS = [
  tripRow(),
  tripRow({ id: 52, code: 'T202612060002', state: 'reserved', startedAt: null, driverName: 'Wang Fang' }),
  tripRow({
    id: 53,
    code: 'T202612050007',
    state: 'paid',
    endedAt: '2026-12-05T03:00:00.000Z',
    endZoneName: 'Station',
    km: 12.5,
    total: 67.5,
    warned: true,
  }),
];

describe('the trips', () => {
  it('lists live and past trips with their state, sends the filters, and offers the actions by state', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shareTrip/list`]: () => paged(ROWS),
    });
    renderApp('/sevenTime?state=inUse&zoneId=3');
    expect(await screen.findByText('T202612060001', {}, FIRST)).toBeInTheDocument();
    const call = server.calls('GET', `${API}/shareTrip/list`).at(-1)!;
    expect(call.query.get('state')).toBe('inUse');
    expect(call.query.get('zoneId')).toBe('3');
    for (const tab of ['Trips', 'Zones', 'Rates', 'Renters'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();

    const live = screen.getByText('T202612060001').closest('tr')!;
    expect(within(live).getByText('In use')).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'End trip' })).toBeInTheDocument();
    const reserved = screen.getByText('T202612060002').closest('tr')!;
    expect(within(reserved).getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(within(reserved).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const paid = screen.getByText('T202612050007').closest('tr')!;
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('Balance warned')).toBeInTheDocument();
    expect(within(paid).getByText('¥67.50')).toBeInTheDocument();
    expect(within(paid).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: /Reserve/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  }, 180_000);

  it('a reader sees the trips without reserve, export or actions', async () => {
    signedIn();
    sessionServer(VIEWER, { ...common, [`GET ${API}/shareTrip/list`]: () => paged(ROWS) });
    renderApp('/sevenTime');
    expect(await screen.findByText('T202612060001', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reserve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End trip' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  }, 180_000);

  it('ends a trip outside every zone only once the off-zone fee is accepted', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shareTrip/list`]: () => paged([tripRow()]),
      [`POST ${API}/shareTrip/end/51`]: (req) =>
        (req.body as { acceptOffZone: boolean }).acceptOffZone
          ? ok({
              state: 'paid',
              amount: { ...ENDED_AMOUNT, parking: 0, offZone: 50, total: 112.5 },
              balance: 87.5,
              owed: 0,
            })
          : {
              status: 409,
              body: {
                status: 409,
                message: 'The car is not in a zone',
                code: 'outsideZone',
                data: { zoneId: 3, zoneName: 'West Lake', distanceM: 420, offZoneFee: 50 },
              },
            },
    });
    renderApp('/sevenTime');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End trip' }, FIRST));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('The last GPS position of 浙A·12345 must lie in a zone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Check the zone and end' }));
    const outside = await within(dialog).findByTestId('outside-zone', {}, SLOW);
    expect(within(outside).getByText('The car is not in a zone')).toBeInTheDocument();
    expect(within(outside).getByText('Nearest zone: West Lake, 420 m away.')).toBeInTheDocument();
    expect(within(outside).getByText('Ending here charges the off-zone fee of ¥50.00.')).toBeInTheDocument();
    expect(server.calls('POST', `${API}/shareTrip/end/51`)[0]!.body).toEqual({ acceptOffZone: false });

    await user.click(within(dialog).getByRole('button', { name: 'End here and charge the fee' }));
    expect(await within(dialog).findByText('Paid ¥112.50 from the balance', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${API}/shareTrip/end/51`)[1]!.body).toEqual({ acceptOffZone: true });
    const amount = within(dialog).getByTestId('end-amount');
    expect(within(amount).getByText('¥50.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Balance now ¥87.50')).toBeInTheDocument();
  }, 180_000);

  it('reserves an idle car at a zone for a renter, and shows a refusal in the dialog', async () => {
    signedIn();
    let refuse = true;
    const server = sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shareTrip/list`]: () => paged([]),
      [`GET ${API}/shareZone/cars`]: () =>
        paged([
          {
            carId: 12,
            plate: '浙A12345',
            carTypeId: 2,
            carTypeName: 'BYD Qin',
            city: 'Hangzhou',
            zoneId: 3,
            zoneName: 'West Lake',
            status: 'idle',
            hasDevice: true,
            liveTripId: null,
            addedAt: '2026-12-01T00:00:00.000Z',
          },
          {
            carId: 13,
            plate: '浙A22222',
            carTypeId: 2,
            carTypeName: 'BYD Qin',
            city: 'Hangzhou',
            zoneId: 3,
            zoneName: 'West Lake',
            status: 'rented',
            hasDevice: true,
            liveTripId: 50,
            addedAt: '2026-12-01T00:00:00.000Z',
          },
        ]),
      [`GET ${API}/shareRenter/list`]: () =>
        paged([
          {
            driverId: 88,
            name: 'Li Ming',
            phone: '13812345678',
            balance: 20,
            trips: 3,
            liveTripId: null,
            owed: 0,
            updatedAt: null,
          },
        ]),
      [`POST ${API}/shareTrip/reserve`]: () =>
        refuse
          ? {
              status: 409,
              body: { status: 409, message: 'The balance is below the minimum of ¥30.00', code: 'balanceLow' },
            }
          : ok(tripDetail({ id: 60, code: 'T202612060009', state: 'reserved' })),
      [`GET ${API}/shareTrip/get/60`]: () => ok(tripDetail({ id: 60, code: 'T202612060009', state: 'reserved' })),
    });
    renderApp('/sevenTime');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Reserve/ }, FIRST));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // Nothing chosen: both pickers say so, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    // The two messages may render one after the other.
    await waitFor(() => expect(within(dialog).getAllByText('Please choose')).toHaveLength(2), SLOW);
    expect(server.calls('POST', `${API}/shareTrip/reserve`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Car'));
    // Only the idle car is offered.
    expect(await screen.findByText('浙A·12345 · BYD Qin · West Lake', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/浙A·22222/)).toBeNull();
    await user.click(screen.getByText('浙A·12345 · BYD Qin · West Lake'));
    await user.click(within(dialog).getByLabelText('Renter'));
    await user.click(await screen.findByText('Li Ming 13812345678 · balance ¥20.00', {}, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    expect(await within(dialog).findByText('The balance is below the minimum of ¥30.00', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${API}/shareTrip/reserve`)[0]!.body).toEqual({ carId: 12, driverId: 88 });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Trip T202612060009', {}, SLOW)).toBeInTheDocument();
  }, 180_000);
});

describe('the trip page', () => {
  it('shows the summary, the running amount line by line and the route', async () => {
    signedIn();
    sessionServer(ADMIN, { ...common, [`GET ${API}/shareTrip/get/51`]: () => ok(tripDetail()) });
    renderApp('/sevenTime/trip/51');
    expect(await screen.findByText('Trip T202612060001', {}, FIRST)).toBeInTheDocument();
    const summary = screen.getByTestId('trip-summary');
    expect(within(summary).getByText('In use')).toBeInTheDocument();
    expect(within(summary).getByText('浙A·12345')).toBeInTheDocument();
    expect(within(summary).getByText('West Lake')).toBeInTheDocument();
    const amount = screen.getByTestId('trip-amount');
    expect(within(amount).getByText('Amount if it ended now')).toBeInTheDocument();
    expect(within(amount).getByText('95 = 0 whole days + 95 by day + 0 at night')).toBeInTheDocument();
    expect(within(amount).getByText('¥47.50')).toBeInTheDocument();
    expect(within(amount).getAllByText('¥62.50')).toHaveLength(2); // time and distance = total (no parking yet)
    const route = screen.getByTestId('trip-route');
    expect(within(route).getByRole('img', { name: "The trip's route through 3 GPS positions" })).toBeInTheDocument();
    expect(route.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(3);
    expect(within(route).getByText(/top speed 48 km\/h/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End trip' })).toBeInTheDocument();
  }, 180_000);

  it('keeps the end outcome up once the page reloads the trip as paid', async () => {
    signedIn();
    let ended = false;
    sessionServer(ADMIN, {
      ...common,
      [`GET ${API}/shareTrip/get/51`]: () =>
        ok(ended ? tripDetail({ state: 'paid', total: 62.5, km: 12.5, amount: ENDED_AMOUNT }) : tripDetail()),
      [`POST ${API}/shareTrip/end/51`]: () => {
        ended = true;
        return ok({ state: 'paid', amount: { ...ENDED_AMOUNT, total: 62.5 }, balance: 137.5, owed: 0 });
      },
    });
    renderApp('/sevenTime/trip/51');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End trip' }, FIRST));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Check the zone and end' }));
    expect(await within(dialog).findByText('Paid ¥62.50 from the balance', {}, SLOW)).toBeInTheDocument();
    // The page has asked for the trip again: paid, no actions left; the dialog still shows the amount.
    expect(
      await within(screen.getByTestId('trip-summary')).findByText('Paid', { selector: '[data-state="paid"]' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End trip' })).toBeNull();
    expect(within(dialog).getByTestId('end-amount')).toBeInTheDocument();
  }, 180_000);

  it('says when the trip does not exist (another company’s id)', async () => {
    signedIn();
    sessionServer(VIEWER, {
      ...common,
      [`GET ${API}/shareTrip/get/99`]: () => ({ status: 404, body: { status: 404, message: 'Not found' } }),
    });
    renderApp('/sevenTime/trip/99');
    expect(await screen.findByText('This trip does not exist', {}, FIRST)).toBeInTheDocument();
  }, 180_000);
});
