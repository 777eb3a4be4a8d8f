import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderState } from '@fleetdesk/contracts/maintenance';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, MAINT_CLERK, orderDetail, SLOW, WORKSHOP_USER } from './fixtures';

const WORKSHOPS = [
  { id: 2, name: 'Tuhu Workshop', kind: 'partner', rentId: null, services: ['routine', 'repair'], labourRate: 120 },
];

beforeEach(async () => {
  await setLanguage('en-US');
});

function orderServer(account: Account, order: () => WorkOrderDetail, more = {}) {
  return sessionServer(account, {
    [`GET ${API}/maintainOrder/get/:id`]: () => ok(order()),
    [`GET ${API}/maintainWorkshop/options`]: () => ok(WORKSHOPS),
    ...more,
  });
}

describe('the work order page', () => {
  it.each<[WorkOrderState, Account, string[]]>([
    ['reported', ADMIN, ['Submit', 'Edit', 'Cancel the order']],
    ['approved', MAINT_CLERK, ['Into the workshop', 'Parts and labour', 'Edit', 'Cancel the order']],
    ['in_workshop', WORKSHOP_USER, ['Complete', 'Parts and labour']],
    ['in_workshop', MAINT_CLERK, ['Parts and labour', 'Cancel the order']],
    ['done', ADMIN, ['Settle']],
    ['done', MAINT_CLERK, []],
    ['settled', ADMIN, ['Picked up']],
  ])(
    'in state %s offers what the user may do',
    async (state, account, expected) => {
      signedIn();
      orderServer(account, () => orderDetail(state));
      renderApp('/maintenance/order/31');
      await screen.findByTestId('maint-order', {}, FIRST);
      const group = await screen.findByRole('group', { name: 'Work order actions' }, SLOW);
      await waitFor(() =>
        expect(
          within(group)
            .queryAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual(expected),
      );
      expect(screen.getByTestId('maint-timeline')).toHaveTextContent('Reported by Zhang Wei');
    },
    180_000,
  );

  it('the workshop completes the order: the lines editor totals as it types, and the lines are sent', async () => {
    signedIn();
    let current = orderDetail('in_workshop', { mileageIn: 42_000 });
    const server = orderServer(WORKSHOP_USER, () => current, {
      [`POST ${API}/maintainOrder/complete/:id`]: () => {
        current = orderDetail('done', { total: 362.3 });
        return ok(current);
      },
    });
    renderApp('/maintenance/order/31');
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Work order actions' }, FIRST);
    await user.click(within(group).getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: /Add a part/ }));
    await user.type(within(dialog).getByLabelText('Item of line 1'), 'Engine oil');
    fireEvent.change(within(dialog).getByLabelText('Quantity of line 1'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Unit price of line 1'), { target: { value: '45.5' } });
    await user.click(within(dialog).getByRole('button', { name: /Add labour/ }));
    await user.type(within(dialog).getByLabelText('Item of line 2'), 'Service labour');
    fireEvent.change(within(dialog).getByLabelText('Hours of line 2'), { target: { value: '1.5' } });
    // The workshop's rate is the labour line's default.
    expect(within(dialog).getByLabelText('Rate of line 2')).toHaveValue('120.00');
    await waitFor(() => expect(within(dialog).getByTestId('maint-lines-total')).toHaveTextContent('¥362.00'));
    expect(within(dialog).getByTestId('maint-line-totals')).toHaveTextContent('Parts ¥182.00');
    expect(within(dialog).getByTestId('maint-line-totals')).toHaveTextContent('Labour ¥180.00');

    // A mileage out below the mileage in is refused on the form.
    const out = within(dialog).getByLabelText('Mileage out');
    fireEvent.change(out, { target: { value: '41000' } });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('At least the mileage in (42000 km)', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${API}/maintainOrder/complete/31`)).toHaveLength(0);

    fireEvent.change(out, { target: { value: '42015' } });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(server.calls('POST', `${API}/maintainOrder/complete/31`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/maintainOrder/complete/31`)[0]!.body).toMatchObject({
      version: 1,
      mileageOut: 42_015,
      lines: [
        { kind: 'part', name: 'Engine oil', partNo: null, quantity: 4, unitPrice: 45.5 },
        { kind: 'labour', name: 'Service labour', hours: 1.5, rate: 120 },
      ],
    });
    expect(await screen.findByText('The work order is done', {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('a refusal of the server (409) stays in the dialog', async () => {
    signedIn();
    orderServer(ADMIN, () => orderDetail('approved'), {
      [`POST ${API}/maintainOrder/enter/:id`]: () => ({
        status: 409,
        body: { status: 409, message: 'The car is already in another open work order' },
      }),
    });
    renderApp('/maintenance/order/31');
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Work order actions' }, FIRST);
    await user.click(within(group).getByRole('button', { name: 'Into the workshop' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Into the workshop' }));
    expect(
      await within(dialog).findByText('The car is already in another open work order', {}, SLOW),
    ).toBeInTheDocument();
  }, 180_000);

  it('settling shows who pays what as the shares are typed', async () => {
    signedIn();
    const server = orderServer(ADMIN, () => orderDetail('done', { total: 1000, parts: 700, labour: 300 }), {
      [`POST ${API}/maintainOrder/settle/:id`]: () => ok(orderDetail('settled')),
    });
    renderApp('/maintenance/order/31');
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Work order actions' }, FIRST);
    await user.click(within(group).getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByLabelText('Driver'));
    const split = within(dialog).getByTestId('maint-settle-split');
    await waitFor(() => expect(split).toHaveTextContent("Driver's share¥1,000.00"));
    fireEvent.change(within(dialog).getByLabelText("Driver's share"), { target: { value: '400' } });
    await waitFor(() => expect(split).toHaveTextContent("Company's share¥600.00"));
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(server.calls('POST', `${API}/maintainOrder/settle/31`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/maintainOrder/settle/31`)[0]!.body).toMatchObject({
      version: 1,
      payer: 'driver',
      driverShare: 400,
      insuranceShare: null,
    });
  }, 180_000);

  it('another company’s order (404) says it is not there', async () => {
    signedIn();
    sessionServer(ADMIN, {
      [`GET ${API}/maintainOrder/get/:id`]: () => ({ status: 404, body: { status: 404, message: 'No such order' } }),
    });
    renderApp('/maintenance/order/999');
    expect(
      await screen.findByText('This work order does not exist or is not yours to see', {}, FIRST),
    ).toBeInTheDocument();
  }, 180_000);
});
