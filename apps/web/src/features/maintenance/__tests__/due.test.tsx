import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, dueRow, FIRST, orderDetail, paged, plan, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const base = {
  [`GET ${API}/maintainWorkshop/options`]: () => ok([]),
  'GET /api/ccwadmin/rentCarType/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 0 }),
};

describe('the due list', () => {
  it('shows each car’s position; “create work order” opens the form filled with a service and the plan’s items', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      ...base,
      [`GET ${API}/maintainDue/list`]: () =>
        paged([dueRow(), dueRow({ carId: 2, plate: '浙AF55555', state: 'due', openOrderId: 40, remainingKm: 900 })]),
      [`GET ${API}/maintainPlan/get/:id`]: () => ok(plan()),
      'POST /api/ccwadmin/rentCar/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      'POST /api/ccwadmin/rentContract/list': () => ok({ rows: [], total: 0 }),
      [`POST ${API}/maintainOrder/create`]: () => ok(orderDetail('reported', { id: 78 })),
      [`GET ${API}/maintainOrder/get/:id`]: () => ok(orderDetail('reported', { id: 78 })),
    });
    renderApp('/maintenance/due?car=1');
    expect(await screen.findByText('浙A·D12345', {}, FIRST)).toBeInTheDocument();
    // The reminder's link names one car.
    expect(server.calls('GET', `${API}/maintainDue/list`).at(-1)!.query.get('carId')).toBe('1');
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getAllByText(/40,400 km/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/GPS odometer/).length).toBeGreaterThan(0);
    // The car with an open service order links to it instead.
    expect(screen.getByRole('link', { name: 'Open work order' })).toHaveAttribute('href', '/maintenance/order/40');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create work order' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Problem')).toHaveValue(
        'Routine service (Petrol 10,000 km): Engine oil × 4, Oil filter × 1',
      ),
    );
    expect(within(dialog).getByLabelText('Kind').closest('.ant-select')).toHaveTextContent('Routine service');
    expect(within(dialog).getByLabelText('Mileage in')).toHaveValue('40400');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(server.calls('POST', `${API}/maintainOrder/create`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/maintainOrder/create`)[0]!.body).toMatchObject({
      carId: 1,
      kind: 'service',
      mileageIn: 40_400,
    });
  }, 180_000);

  it('says so when no car is due', async () => {
    signedIn();
    sessionServer(ADMIN, { ...base, [`GET ${API}/maintainDue/list`]: () => paged([]) });
    renderApp('/maintenance/due');
    expect(await screen.findByText('No car is due for service', {}, FIRST)).toBeInTheDocument();
  }, 180_000);
});
