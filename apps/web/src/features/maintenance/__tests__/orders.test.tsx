import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, MAINT_CLERK, orderDetail, orderRow, paged, SLOW, WORKSHOP_USER } from './fixtures';

const WORKSHOPS = [
  { id: 2, name: 'Tuhu Workshop', kind: 'partner', rentId: null, services: ['routine', 'repair'], labourRate: 120 },
];
const CARS = {
  rows: [{ id: 1, plate: '浙AD12345', rentId: 7, mileageKm: 40_000 }],
  total: 1,
  pageNum: 1,
  pageSize: 20,
};

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the work orders list', () => {
  it('shows the orders and sends the filters chosen (several states, the workshop)', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${API}/maintainOrder/list`]: () =>
        paged([orderRow(), orderRow({ id: 32, number: 'WX202612050002', state: 'in_workshop', plate: '浙AF55555' })]),
      [`GET ${API}/maintainWorkshop/options`]: () => ok(WORKSHOPS),
      'GET /api/ccwadmin/filter/list/:id': () => ok([]),
    });
    renderApp('/maintenance?state=reported,in_workshop&workshopId=2');
    expect(await screen.findByText('WX202612050001', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText('WX202612050002')).toBeInTheDocument();
    expect(screen.getAllByText('In the workshop').length).toBeGreaterThan(0);
    const call = server.calls('GET', `${API}/maintainOrder/list`).at(-1)!;
    expect(call.query.get('state')).toBe('reported,in_workshop');
    expect(call.query.get('workshopId')).toBe('2');
    // Every tab of the office's user.
    for (const tab of ['Work orders', 'Due for service', 'Service plans', 'Workshops', 'Reports'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Report a problem/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  }, 180_000);

  it('says so when there is no order, and offers a retry when the list fails', async () => {
    signedIn();
    let fail = true;
    sessionServer(ADMIN, {
      [`GET ${API}/maintainOrder/list`]: () =>
        fail ? { status: 500, body: { status: 500, message: 'boom' } } : paged([]),
      [`GET ${API}/maintainWorkshop/options`]: () => ok([]),
      'GET /api/ccwadmin/filter/list/:id': () => ok([]),
    });
    renderApp('/maintenance/orders');
    const retry = await screen.findByRole('button', { name: 'Try again' }, FIRST);
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('No work orders', {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('a workshop’s sign-in sees the work orders only: no other tab, no report, no export', async () => {
    signedIn();
    sessionServer(WORKSHOP_USER, {
      [`GET ${API}/maintainOrder/list`]: () => paged([orderRow({ state: 'in_workshop' })]),
      [`GET ${API}/maintainWorkshop/options`]: () => ok(WORKSHOPS),
      'GET /api/ccwadmin/filter/list/:id': () => ok([]),
    });
    renderApp('/maintenance/due');
    expect(await screen.findByText('WX202612050001', {}, FIRST)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Work orders']);
    expect(screen.queryByRole('button', { name: /Report a problem/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  }, 180_000);
});

describe('reporting a problem', () => {
  it('checks the form with the contracts’ schema, shows the car’s driver, then sends the order', async () => {
    signedIn();
    const server = sessionServer(MAINT_CLERK, {
      [`GET ${API}/maintainOrder/list`]: () => paged([]),
      [`GET ${API}/maintainWorkshop/options`]: () => ok(WORKSHOPS),
      'GET /api/ccwadmin/filter/list/:id': () => ok([]),
      'POST /api/ccwadmin/rentCar/list': () => ok(CARS),
      'POST /api/ccwadmin/rentContract/list': () =>
        ok({ rows: [{ id: 9, number: 'HT20261101', driverId: 5, driverName: 'Wang Jianguo' }], total: 1 }),
      [`POST ${API}/maintainOrder/create`]: (req) => ok(orderDetail('reported', { ...(req.body as object), id: 77 })),
      [`GET ${API}/maintainOrder/get/:id`]: () => ok(orderDetail('reported', { id: 77 })),
    });
    renderApp('/maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Report a problem/ }, FIRST));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // Nothing chosen: the schema's messages, no call.
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(dialog.querySelectorAll('.ant-form-item-has-error').length).toBeGreaterThanOrEqual(2));
    expect(await within(dialog).findByText('Required', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText('At least 2 characters')).toBeInTheDocument();
    expect(server.calls('POST', `${API}/maintainOrder/create`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Car'));
    await user.click(await screen.findByText('浙A·D12345', { selector: '.ant-select-item-option-content' }, SLOW));
    expect(await within(dialog).findByText('Wang Jianguo', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByTestId('maint-form-driver')).toHaveTextContent('HT20261101');
    await user.type(within(dialog).getByLabelText('Problem'), 'Brakes squeal when stopping');
    await user.type(within(dialog).getByLabelText('Estimate (yuan)'), '2600');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));

    await waitFor(() => expect(server.calls('POST', `${API}/maintainOrder/create`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/maintainOrder/create`)[0]!.body).toMatchObject({
      carId: 1,
      kind: 'repair',
      problem: 'Brakes squeal when stopping',
      estimate: 2600,
      photos: [],
      workshopId: null,
    });
    // The new order's page.
    expect(await screen.findByTestId('maint-order', {}, SLOW)).toBeInTheDocument();
  }, 180_000);
});
