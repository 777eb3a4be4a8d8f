import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingDetail } from '@fleetdesk/contracts/short-term';
import { setLanguage } from '../../../lib/i18n';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { sessionServer, signedIn, type Account } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { ALL, API, FIRST, SLOW, bookingDetail } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const account = (elements: string[]): Account => ({
  menus: ['rentCar', 'sevenShort'],
  elements: ['rentCar:view', ...elements],
});

function open(b: BookingDetail, elements = ALL, more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  signedIn();
  const server = sessionServer(account(elements), {
    [`GET ${API}/shortBooking/get/31`]: () => ok(b),
    [`GET ${API}/rentCar/71`]: () => ok({ id: 71, mileageKm: 12000 }),
    ...more,
  });
  renderApp('/sevenShort/booking/31');
  return server;
}

const actions = async () => within(await screen.findByRole('group', { name: 'Booking actions' }, FIRST));

describe('the booking page', () => {
  it('offers pick-up and cancel to a booking waiting for its renter, and shows the fee before cancelling', async () => {
    // The pick-up is long past: a cancellation now keeps the first day's price.
    const b = bookingDetail('toPickUp', { pickUpAt: '2000-01-01T02:00:00.000Z', returnAt: '2000-01-04T02:00:00.000Z' });
    const server = open(b, ALL, {
      [`POST ${API}/shortBooking/cancel/31`]: () => ok({ cancelFee: 200, refund: 5680 }),
    });
    const group = await actions();
    expect(group.getAllByRole('button').map((x) => x.textContent)).toEqual(['Pick up', 'Cancel booking']);
    // The summary, the quote at booking and the history.
    expect(screen.getByText('S202612110001')).toBeInTheDocument();
    expect(screen.getByTestId('pay-now')).toHaveTextContent('¥5,880.00');
    expect(screen.getByText('Booked')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(group.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByTestId('cancel-preview', {}, SLOW)).toHaveTextContent(
      'Cancelling now keeps a fee of ¥200.00 and refunds ¥5,680.00',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    // Without a reason nothing is sent.
    await waitFor(() => expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true'), SLOW);
    expect(server.calls('POST', `${API}/shortBooking/cancel/31`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Reason'), 'Plans changed');
    await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortBooking/cancel/31`)).toHaveLength(1), SLOW);
    expect(server.calls('POST', `${API}/shortBooking/cancel/31`)[0]!.body).toEqual({
      reason: 'Plans changed',
      version: 3,
    });
  }, 180_000);

  it('a cancellation far ahead of the pick-up is free', async () => {
    open(bookingDetail('toPickUp', { pickUpAt: '2099-01-01T02:00:00.000Z', returnAt: '2099-01-04T02:00:00.000Z' }));
    await userEvent.setup().click((await actions()).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByTestId('cancel-preview', {}, SLOW)).toHaveTextContent(
      'Cancelling now is free: ¥5,880.00 is refunded',
    );
  }, 180_000);

  it('hides what the user may not do', async () => {
    open(bookingDetail('toPickUp'), ['sevenShort:view', 'sevenShort:return', 'sevenShort:settle']);
    const group = await actions();
    expect(group.queryAllByRole('button')).toHaveLength(0);
  }, 180_000);

  it('picks the car up through the shared inspection wizard', async () => {
    const server = open(bookingDetail('toPickUp'), ALL, {
      [`POST ${API}/shortBooking/pickUp/31`]: () => ok({}),
    });
    const user = userEvent.setup();
    await user.click((await actions()).getByRole('button', { name: 'Pick up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick-up inspection' }, SLOW);
    const mileage = within(dialog).getByLabelText('Mileage (km)');
    await user.type(mileage, '11000');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // The car's last reading is the floor.
    expect(
      await within(dialog).findByText("At least the car's last reading of 12000 km", {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    await user.clear(mileage);
    await user.type(mileage, '12040');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText('Click a part of the car outline to add a damage mark', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortBooking/pickUp/31`)).toHaveLength(1), SLOW);
    expect(server.calls('POST', `${API}/shortBooking/pickUp/31`)[0]!.body).toMatchObject({
      mileage: 12040,
      energyLevel: 100,
      damageMarks: [],
    });
  }, 180_000);

  it('takes the car back through the return inspection, with its damage deduction', async () => {
    const server = open(bookingDetail('inUse', { pickedUpAt: '2026-12-11T02:10:00.000Z' }), ALL, {
      [`POST ${API}/shortBooking/return/31`]: () =>
        ok({ charges: { late: 0, earlyRefund: 0, fuel: 25, overKm: 0, damage: 80, other: 0 } }),
    });
    const group = await actions();
    expect(group.getAllByRole('button').map((x) => x.textContent)).toEqual(['Return']);
    // The way so far: booked, paid, picked up; returned and completed still ahead.
    const steps = screen.getByTestId('state-steps');
    expect(steps.querySelectorAll('.ant-steps-item-finish')).toHaveLength(2);
    expect(within(steps).getByText('In use').closest('.ant-steps-item')).toHaveClass('ant-steps-item-process');
    const user = userEvent.setup();
    await user.click(group.getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return inspection' }, SLOW);
    await user.type(within(dialog).getByLabelText('Mileage (km)'), '12600');
    await user.type(within(dialog).getByLabelText('Fuel or charge (%)'), '{Backspace}{Backspace}{Backspace}95');
    const deduction = within(dialog).getByLabelText('Damage deduction (yuan)');
    await user.clear(deduction);
    await user.type(deduction, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText('Click a part of the car outline to add a damage mark', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortBooking/return/31`)).toHaveLength(1), SLOW);
    expect(server.calls('POST', `${API}/shortBooking/return/31`)[0]!.body).toMatchObject({
      mileage: 12600,
      energyLevel: 95,
      damageDeduction: 80,
    });
  }, 180_000);

  it('shows a cancelled booking stopped after payment, with its fee', async () => {
    open(
      bookingDetail('cancelled', {
        cancelledAt: '2026-12-10T05:00:00.000Z',
        cancelFee: 200,
        cancelReason: 'Plans changed',
      }),
    );
    const steps = await screen.findByTestId('state-steps', {}, FIRST);
    expect(within(steps).queryByText('In use')).toBeNull();
    expect(within(steps).getByText('Cancelled').closest('.ant-steps-item')).toHaveClass('ant-steps-item-error');
    expect(screen.getByText('Plans changed')).toBeInTheDocument();
    expect((await actions()).queryAllByRole('button')).toHaveLength(0);
  }, 180_000);

  it('pays an unpaid booking by its QR code', async () => {
    const server = open(bookingDetail('unpaid'), ALL, {
      [`POST ${API}/shortBooking/pay/31`]: () =>
        ok({
          orderId: 501,
          orderNo: 'O202612050001',
          amount: 5880,
          provider: 'sandbox',
          sandbox: true,
          codeUrl: 'http://localhost/pay/sandbox/O202612050001',
          qrImage: 'data:image/png;base64,iVBORw0KGgo=',
          payUrl: 'http://localhost/pay/sandbox/O202612050001',
          expiresAt: '2099-01-01T00:00:00.000Z',
        }),
      [`GET ${API}/order/pay/status/501`]: () =>
        ok({ orderId: 501, status: 'unpaid', payerState: 'waiting', paidAt: null, membershipTo: null }),
    });
    const group = await actions();
    expect(group.getAllByRole('button').map((x) => x.textContent)).toEqual(['Pay', 'Cancel booking']);
    await userEvent.setup().click(group.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByTestId('pay-qr', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${API}/order/pay/501`)).toHaveLength(0);
    // Paid (the settler moved it on): the booking is asked again while the code is shown, and the dialog closes.
    server.on({ [`GET ${API}/shortBooking/get/31`]: () => ok(bookingDetail('toPickUp')) });
    await waitFor(() => expect(screen.queryByTestId('pay-qr')).toBeNull(), SLOW);
    expect(await screen.findByText('Paid', { selector: '.ant-message *' }, SLOW)).toBeInTheDocument();
    expect((await actions()).getAllByRole('button').map((x) => x.textContent)).toEqual(['Pick up', 'Cancel booking']);
  }, 180_000);

  it('settles a returned booking: the charges against the damage deposit, the violation deposit held', async () => {
    const b = bookingDetail('returned', {
      pickedUpAt: '2026-12-11T02:00:00.000Z',
      returnedAt: '2026-12-14T05:00:00.000Z',
      charges: { late: 52, earlyRefund: 0, fuel: 25, overKm: 0, damage: 100, other: 0 },
    });
    const server = open(b, ALL, {
      [`POST ${API}/shortBooking/settle/31`]: () =>
        ok({ state: 'completed', refund: 2813, balanceDue: 0, balanceOrderId: null }),
    });
    const group = await actions();
    expect(group.getAllByRole('button').map((x) => x.textContent)).toEqual(['Settle']);
    const user = userEvent.setup();
    await user.click(group.getByRole('button', { name: 'Settle' }));
    const result = await screen.findByTestId('settle-result', {}, SLOW);
    expect(result).toHaveTextContent('¥2,823.00 of the damage deposit goes back');
    expect(result).toHaveTextContent('The violation deposit of ¥2,000.00 is held');
    const other = screen.getByRole('spinbutton', { name: 'Other charges' });
    await user.clear(other);
    await user.type(other, '10');
    await waitFor(() => expect(result).toHaveTextContent('¥2,813.00 of the damage deposit goes back'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(server.calls('POST', `${API}/shortBooking/settle/31`)).toHaveLength(1), SLOW);
    expect(server.calls('POST', `${API}/shortBooking/settle/31`)[0]!.body).toMatchObject({
      otherCharge: 10,
      version: 3,
    });
  }, 180_000);

  it("shows a completed booking's violation deposit hold, without actions", async () => {
    open(
      bookingDetail('completed', {
        settledAt: '2026-12-14T06:00:00.000Z',
        violationHoldUntil: '2027-01-13',
        violationUsed: 200,
      }),
    );
    const group = await actions();
    expect(group.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('violation-hold')).toHaveTextContent(
      'Violation deposit ¥2,000.00 held until 2027-01-13 (¥200.00 used)',
    );
  }, 180_000);
});
