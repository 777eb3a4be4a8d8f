import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { carDetail, carRoutes, SLOW } from './detail-fixtures';
import { paged } from './vehicles-fixtures';

const CAR = '/api/ccwadmin/rentCar/1';

beforeEach(async () => {
  await setLanguage('en-US');
});

const statusActions = () => screen.queryByRole('group', { name: 'Status actions' });

describe('the car page', () => {
  it('offers the actions of the status to an editor, takes one with a remark, and shows the papers warnings', async () => {
    signedIn();
    let current = carDetail();
    const server = sessionServer(
      ADMIN,
      carRoutes({
        [`GET ${CAR}`]: () => ok(current),
        'PUT /api/ccwadmin/rentCar/repair/1': () => {
          current = carDetail({ status: 'maintenance', actions: ['finishRepair', 'suspend', 'sell', 'scrap'] });
          return ok(current);
        },
        'GET /api/ccwadmin/rentCar/car/info/error': () =>
          paged([
            {
              id: 1,
              plate: '浙AD12345',
              vin: current.vin,
              rentId: 7,
              rentName: 'Demo Rentals Hangzhou',
              status: 'idle',
              brandName: 'BYD',
              seriesName: 'Qin PLUS',
              reasons: [{ reason: 'noLicense', message: 'No vehicle licence bound' }],
            },
          ]),
      }),
    );
    renderApp('/rentCar/car/1');
    expect(await screen.findByRole('heading', { name: '浙A·D12345' }, SLOW)).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Status actions' }, SLOW);
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reserve', 'Rent out', 'Send to repair', 'Take off fleet', 'Sell', 'Scrap']);
    for (const name of ['Edit', 'Transfer', 'Delete'])
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeEnabled();
    expect(await screen.findByText('No vehicle licence bound')).toBeInTheDocument();
    expect(screen.getByText("1 problem with this car's papers")).toBeInTheDocument();
    expect(screen.getAllByText('PICC Property and Casualty')).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Send to repair' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(dialog.querySelector('textarea')!, 'Brakes');
    await user.click(within(dialog).getAllByRole('button', { name: 'Send to repair' }).at(-1)!);
    await waitFor(() => expect(server.calls('PUT', '/api/ccwadmin/rentCar/repair/1')).toHaveLength(1));
    expect(server.calls('PUT', '/api/ccwadmin/rentCar/repair/1')[0]!.body).toEqual({ remark: 'Brakes' });
    await waitFor(() =>
      expect(
        within(statusActions()!)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Repair finished', 'Take off fleet', 'Sell', 'Scrap']),
    );
  });

  it('shows a rented car without transfer, and a viewer without any button', async () => {
    signedIn();
    sessionServer(
      ADMIN,
      carRoutes({ [`GET ${CAR}`]: () => ok(carDetail({ status: 'rented', actions: ['giveBack'] })) }),
    );
    const first = renderApp('/rentCar/car/1');
    const group = await screen.findByRole('group', { name: 'Status actions' }, SLOW);
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Return']);
    expect(screen.getByRole('button', { name: /Transfer/ })).toBeDisabled();
    first.unmount();

    sessionServer(CLERK, carRoutes({ [`GET ${CAR}`]: () => ok(carDetail()) }));
    renderApp('/rentCar/car/1');
    expect(await screen.findByRole('heading', { name: '浙A·D12345' }, SLOW)).toBeInTheDocument();
    expect(statusActions()).not.toBeInTheDocument();
    for (const name of ['Edit', 'Transfer', 'Delete']) {
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    }
  });

  it('says that a transfer waits for its approval, and offers no second one', async () => {
    signedIn();
    sessionServer(
      ADMIN,
      carRoutes({
        [`GET ${CAR}`]: () => ok(carDetail({ transferToRentId: 2, transferToRentName: '上海公司' })),
      }),
    );
    renderApp('/rentCar/car/1');
    expect(await screen.findByTestId('transfer-pending', {}, SLOW)).toHaveTextContent(
      'Transfer to 上海公司 awaiting approval',
    );
    expect(screen.getByRole('button', { name: /Transfer/ })).toBeDisabled();
  });

  it('says when the car does not exist', async () => {
    signedIn();
    sessionServer(
      ADMIN,
      carRoutes({ [`GET ${CAR}`]: () => ({ status: 404, body: { status: 404, message: 'Not found' } }) }),
    );
    renderApp('/rentCar/car/1');
    expect(await screen.findByText('Car not found', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the cars' })).toBeInTheDocument();
  });
});
